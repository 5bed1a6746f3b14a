/*
 * What the kABI idioms are known by: the shape of a union against the
 * members OLD had, whatever the names; and what has the shape of a
 * union without being the idiom.
 */
typedef unsigned int u32;
typedef unsigned long long u64;

struct kf_ops { int (*open)(void *); };
struct kf_pair { void *key, *value; };

/*
 * struct_group(regs, u32 a; u32 b;) as include/linux/stddef.h expands
 * it: 'a' and 'b' keep their names and places, 'regs' is one more view
 * of them. Not the idiom: one member added.
 */
struct kf_group {
	int id;
#ifdef NEW
	union {
		struct { u32 a; u32 b; };
		struct { u32 a; u32 b; } regs;
	};
#else
	u32 a;
	u32 b;
#endif
};

/*
 * The idiom written by hand, the original kept in a struct named as no
 * vendor names it and with no size check: known by its shape alone
 */
struct kf_any {
	int id;
#ifdef NEW
	union {
		struct kf_ops *ops;
		struct { unsigned long spare; } was;
	};
#else
	unsigned long spare;
#endif
};

/*
 * OpenCloudOS, include/linux/kabi.h (OpenCloudOS/OpenCloudOS-Kernel-
 * Stream): KABI_RESERVE(n) is "union { unsigned long kabi_reserved##n; }",
 * so the originals are each in a union of their own inside the struct
 * keeping them, __UNIQUE_ID(kabi_hidden_); matched as C code names them
 */
struct kf_ocs {
	int id;
#ifdef NEW
	/* KABI_USE(1, 2, struct kf_pair pair) */
	union {
		struct kf_pair pair;
		struct {
			union { unsigned long kabi_reserved1; };
			union { unsigned long kabi_reserved2; };
		} __UNIQUE_ID_kabi_hidden_9;
		union { /* __KABI_CHECK_SIZE_ALIGN, its size half */
			_Static_assert(sizeof(struct { struct kf_pair pair; }) <=
					   sizeof(struct { struct {
						   union { unsigned long kabi_reserved1; };
						   union { unsigned long kabi_reserved2; };
					   }; }),
				       "kABI failure: larger");
		};
	};
#else
	union { unsigned long kabi_reserved1; };
	union { unsigned long kabi_reserved2; };
#endif
};

/* A reserved member put in a union with its new use, not kept apart */
struct kf_alias {
	int id;
#ifdef NEW
	union {
		u64 kabi_reserved1;
		struct kf_ops *ops;
	};
#else
	u64 kabi_reserved1;
#endif
};

/*
 * A replacement larger than the original, in the padding after it (the
 * macros' size check, off here, would refuse it): nothing moves
 */
struct kf_padded {
	void *p;
#ifdef NEW
	union {
		long flags;
		struct { int flags; } rh_kabi_hidden_70;
	};
#else
	int flags;
#endif
};

/*
 * A slot taken in an earlier release: only the line in the keeping
 * struct's name changed (lines were added above it). No change at all.
 */
struct kf_drift {
	void *priv;
	union {
		void *cookie;
#ifdef NEW
		struct { u64 kabi_reserved1; } kabi_hidden_131;
#else
		struct { u64 kabi_reserved1; } kabi_hidden_120;
#endif
		union { };
	};
	int flags;
};
