/*
 * The kABI-preservation idioms of the distributions, as their macros
 * expand when the kernel is built (not under __GENKSYMS__): each OLD
 * struct has reserved or replaceable members, and NEW takes them as the
 * macros do. The expansions are written out so that the case needs no
 * distribution's header; each says which macro it stands for.
 */
typedef unsigned int u32;
typedef unsigned long long u64;

struct kf_ops { int (*open)(void *); };

/* Red Hat, rh_kabi.h of RHEL 9: hidden struct named rh_kabi_hidden_LINE */
struct kf_rh9 {
	long state;
#ifdef NEW
	/* RH_KABI_USE(1, struct kf_ops *ops) */
	union {
		struct kf_ops *ops;
		struct { unsigned long rh_reserved1; } rh_kabi_hidden_20;
		union { };
	};
	/* RH_KABI_USE(2, 3, int counts[4]): two reserved longs at once */
	union {
		int counts[4];
		struct {
			unsigned long rh_reserved2;
			unsigned long rh_reserved3;
		} rh_kabi_hidden_27;
		union { };
	};
	/* RH_KABI_REPLACE(int flags, unsigned int flags) */
	union {
		unsigned int flags;
		struct { int flags; } rh_kabi_hidden_36;
		union { };
	};
#else
	unsigned long rh_reserved1;
	unsigned long rh_reserved2;
	unsigned long rh_reserved3;
	int flags;
#endif
	unsigned long rh_reserved4;
};

/* Red Hat, rh_kabi.h of RHEL 8: __UNIQUE_ID(rh_kabi_hide) */
struct kf_rh8 {
	long state;
#ifdef NEW
	/* RH_KABI_USE_SPLIT(1, u32 lo, u32 hi) */
	union {
		struct { u32 lo; u32 hi; };
		struct { unsigned long rh_reserved1; } __UNIQUE_ID_rh_kabi_hide31;
		union { };
	};
#else
	unsigned long rh_reserved1;
#endif
};

/* Android, android_kabi.h of the current GKI branches: anonymous hide */
struct kf_gki {
	void *priv;
#ifdef NEW
	/* ANDROID_KABI_USE2(1, u32 lo, u32 hi) */
	union {
		struct { u32 lo; u32 hi; };
		struct { u64 android_kabi_reserved1; };
		union { };
	};
	/* ANDROID_KABI_USE(2, struct kf_ops *ops) */
	union {
		struct kf_ops *ops;
		struct { u64 android_kabi_reserved2; };
		union { };
	};
#else
	u64 android_kabi_reserved1;
	u64 android_kabi_reserved2;
#endif
};

/* Android, android_kabi.h of the older branches: __UNIQUE_ID(android_kabi_hide) */
struct kf_gki_old {
	void *priv;
#ifdef NEW
	/* ANDROID_KABI_USE(1, struct { u64 a, b; } big): does not fit */
	union {
		struct { u64 a, b; } big;
		struct { u64 android_kabi_reserved1; } __UNIQUE_ID_android_kabi_hide12;
	};
#else
	u64 android_kabi_reserved1;
#endif
};

/* upstream gendwarfksyms' example kabi.h */
struct kf_gks {
	int id;
#ifdef NEW
	/* KABI_IGNORE(0, short tag): in the hole after id, ignored */
	union { short tag; unsigned char __kabi_ignored0; };
	/* KABI_USE(1, void *cookie) */
	union {
		void *cookie;
		struct { unsigned long __kabi_reserved1; };
		union { };
	};
	/* KABI_REPLACE(long, count, unsigned long count) */
	union {
		struct { unsigned long count; };
		struct { long __kabi_renamedcount; };
		union { };
	};
#else
	unsigned long __kabi_reserved1;
	long count;
#endif
};

/*
 * openEuler's KABI_RESERVE of bytes (no alignment of its own) taken by
 * a u64, hand-expanded without the size check that would refuse it: the
 * union moves to the u64's alignment
 */
struct kf_bytes {
	int id;
#ifdef NEW
	union {
		u64 stamp;
		struct { unsigned char kabi_reserved1[8]; };
		union { };
	};
#else
	unsigned char kabi_reserved1[8];
#endif
	int tail;
};

/* SUSE: a padding pointer, taken behind #ifndef __GENKSYMS__ */
struct kf_suse {
	int id;
#ifdef NEW
	struct kf_ops *ops;
#else
	void *suse_kabi_padding;
#endif
};

/* A member retyped to a wrapper of the same layout (int -> atomic_t) */
typedef struct { int counter; } kf_atomic_t;
struct kf_ref {
#ifdef NEW
	kf_atomic_t refs;
#else
	int refs;
#endif
	/* and a change of the same size that is not the same layout */
#ifdef NEW
	float ratio;
#else
	int ratio;
#endif
};
