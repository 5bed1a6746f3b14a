/*
 * The kABI-preservation idioms of five more vendors, as their macros
 * expand when the kernel is built (not under __GENKSYMS__). Each OLD
 * struct has the vendor's reserved members; NEW takes them as the macros
 * do. Every macro of this family puts the new member(s) in an anonymous
 * union beside a struct keeping the original(s), named after the
 * vendor and a line or counter, or anonymous; kabi knows them by that
 * shape. The expansions are written out so that the case needs no
 * vendor's header; each says which macro it stands for and where the
 * macro comes from.
 */
typedef unsigned char u8;
typedef unsigned int u32;
typedef unsigned long long u64;

struct kf_ops { int (*open)(void *); };
struct kf_pair { void *key, *value; };

/*
 * What the macros' size check (__KABI_CHECK_SIZE_ALIGN and its vendor
 * spellings) adds when its CONFIG_*_SIZE_ALIGN_CHECKS is on: a union of
 * two static assertions, empty to the compiler. Where a fixture leaves it
 * out, the check is configured off, which the headers allow.
 */
#define KF_SIZE_CHECK(_orig, _new)                                          \
	union {                                                             \
		_Static_assert(sizeof(struct { _new; }) <=                  \
				   sizeof(struct { _orig; }),               \
			       #_new " is larger than " #_orig);            \
		_Static_assert(__alignof__(struct { _new; }) <=             \
				   __alignof__(struct { _orig; }),          \
			       #_orig " is not aligned the same as " #_new); \
	}

/*
 * openEuler, include/linux/kabi.h of the 5.10 kernels (openeuler-mirror/
 * kernel): KABI_RESERVE(n) is "unsigned long kabi_reserved##n", the
 * original kept in a struct named __UNIQUE_ID(kabi_hide)
 */
struct kf_oe510 {
	int id;
#ifdef NEW
	/* KABI_USE(1, struct kf_ops *ops), size checks on */
	union {
		struct kf_ops *ops;
		struct { unsigned long kabi_reserved1; } __UNIQUE_ID_kabi_hide17;
		KF_SIZE_CHECK(unsigned long kabi_reserved1, struct kf_ops *ops);
	};
	/* KABI_USE2(2, u32 lo, u32 hi), size checks off */
	union {
		struct { u32 lo; u32 hi; };
		struct { unsigned long kabi_reserved2; } __UNIQUE_ID_kabi_hide18;
	};
	/* KABI_REPLACE(void (*release)(void *), void (*release)(struct kf_ops *)) */
	union {
		void (*release)(struct kf_ops *);
		struct { void (*release)(void *); } __UNIQUE_ID_kabi_hide19;
		KF_SIZE_CHECK(void (*release)(void *),
			      void (*release)(struct kf_ops *));
	};
#else
	unsigned long kabi_reserved1;
	unsigned long kabi_reserved2;
	void (*release)(void *);
#endif
};

/*
 * openEuler, include/linux/kabi.h of the 6.6 kernels (openeuler-mirror/
 * raspberrypi-kernel): KABI_RESERVE(n) is "u64 kabi_reserved##n", the
 * original kept in a struct named kabi_hidden_ and the line
 */
struct kf_oe66 {
	void *priv;
#ifdef NEW
	/* KABI_USE(1, void *cookie) */
	union {
		void *cookie;
		struct { u64 kabi_reserved1; } kabi_hidden_120;
		KF_SIZE_CHECK(u64 kabi_reserved1, void *cookie);
	};
	/*
	 * KABI_USE(2, struct { u64 a, b; } big), with the size check off
	 * (CONFIG_KABI_SIZE_ALIGN_CHECKS=n) that would have refused it:
	 * twice the slot, so what follows moves
	 */
	union {
		struct { u64 a, b; } big;
		struct { u64 kabi_reserved2; } kabi_hidden_127;
	};
#else
	u64 kabi_reserved1;
	u64 kabi_reserved2;
#endif
	u64 kabi_reserved3;
};

/*
 * deepin, include/linux/deepin_kabi.h (deepin-community/kernel):
 * DEEPIN_KABI_RESERVE(n) is "unsigned long deepin_reserved##n", the
 * original(s) kept in a struct named deepin_kabi_hidden_ and the line;
 * DEEPIN_KABI_USE(n1, n2, _new) gives one new member two slots
 */
struct kf_deepin {
	long state;
#ifdef NEW
	/* DEEPIN_KABI_USE(1, 2, struct kf_pair pair) */
	union {
		struct kf_pair pair;
		struct {
			unsigned long deepin_reserved1;
			unsigned long deepin_reserved2;
		} deepin_kabi_hidden_140;
		KF_SIZE_CHECK(unsigned long deepin_reserved1;
			      unsigned long deepin_reserved2,
			      struct kf_pair pair);
	};
	/* DEEPIN_KABI_USE(3, struct kf_ops *ops) */
	union {
		struct kf_ops *ops;
		struct { unsigned long deepin_reserved3; } deepin_kabi_hidden_146;
		KF_SIZE_CHECK(unsigned long deepin_reserved3,
			      struct kf_ops *ops);
	};
#else
	unsigned long deepin_reserved1;
	unsigned long deepin_reserved2;
	unsigned long deepin_reserved3;
#endif
	unsigned long deepin_reserved4;
};

/*
 * OpenAnolis Cloud Kernel, include/linux/ck_kabi.h (with
 * CONFIG_CK_KABI_RESERVE=y): CK_KABI_RESERVE(n) is "unsigned long
 * ck_reserved##n", the original kept in a struct named ck_kabi_hidden_
 * and the line
 */
struct kf_ck {
	int id;
#ifdef NEW
	/* CK_KABI_USE_SPLIT(1, u32 lo, u32 hi) */
	union {
		struct { u32 lo; u32 hi; };
		struct { unsigned long ck_reserved1; } ck_kabi_hidden_210;
		KF_SIZE_CHECK(unsigned long ck_reserved1,
			      struct { u32 lo; u32 hi; });
	};
	/* CK_KABI_REPLACE(void (*done)(void *), void (*done)(void *, int)) */
	union {
		void (*done)(void *, int);
		struct { void (*done)(void *); } ck_kabi_hidden_216;
		KF_SIZE_CHECK(void (*done)(void *), void (*done)(void *, int));
	};
#else
	unsigned long ck_reserved1;
	void (*done)(void *);
#endif
	unsigned long ck_reserved2;
};

/*
 * Oracle UEK, include/linux/uek_kabi.h (oracle/linux-uek):
 * UEK_KABI_RESERVED(n) is "unsigned long uek_reserved##n",
 * UEK_KABI_RESERVED_P(n) "void (*uek_reserved##n)(void)", the original
 * kept in a struct named __UNIQUE_ID(uek_kabi_hide)
 */
struct kf_uek {
	int id;
#ifdef NEW
	/* UEK_KABI_USE(1, struct kf_ops *ops), size checks on */
	union {
		struct kf_ops *ops;
		struct { unsigned long uek_reserved1; } __UNIQUE_ID_uek_kabi_hide42;
		KF_SIZE_CHECK(unsigned long uek_reserved1, struct kf_ops *ops);
	};
	/* UEK_KABI_USE2(2, u32 lo, u32 hi) */
	union {
		struct { u32 lo; u32 hi; };
		struct { unsigned long uek_reserved2; } __UNIQUE_ID_uek_kabi_hide43;
		KF_SIZE_CHECK(unsigned long uek_reserved2,
			      struct { u32 lo; u32 hi; });
	};
	/* UEK_KABI_USE_P(3, int (*probe)(void *)) */
	union {
		int (*probe)(void *);
		struct { void (*uek_reserved3)(void); } __UNIQUE_ID_uek_kabi_hide44;
		KF_SIZE_CHECK(void (*uek_reserved3)(void),
			      int (*probe)(void *));
	};
#else
	unsigned long uek_reserved1;
	unsigned long uek_reserved2;
	void (*uek_reserved3)(void);
#endif
};

/*
 * Android, include/linux/android_vendor.h of the android13/14 branches:
 * ANDROID_BACKPORT_RESERVED(n) is "u64 android_backport_reserved##n",
 * taken by ANDROID_BACKPORT_RESERVED_USE through android_kabi.h's
 * _ANDROID_KABI_REPLACE, which keeps the original in an anonymous struct
 */
struct kf_gki_vendor {
	void *priv;
#ifdef NEW
	/* ANDROID_BACKPORT_RESERVED_USE(1, struct kf_ops *ops) */
	union {
		struct kf_ops *ops;
		struct { u64 android_backport_reserved1; };
		KF_SIZE_CHECK(u64 android_backport_reserved1,
			      struct kf_ops *ops);
	};
	/* ANDROID_BACKPORT_RESERVED_USE2(2, u32 lo, u32 hi) */
	union {
		struct { u32 lo; u32 hi; };
		struct { u64 android_backport_reserved2; };
		KF_SIZE_CHECK(u64 android_backport_reserved2,
			      struct { u32 lo; u32 hi; });
	};
#else
	u64 android_backport_reserved1;
	u64 android_backport_reserved2;
#endif
};

/*
 * Android, include/linux/android_kabi.h of the branches with
 * gendwarfksyms' rules: ANDROID_BACKPORT_RESERVE_ARRAY(n, s) is
 * "u8 __aligned(8) __kabi_reserved_backport##n[s]", taken by
 * ANDROID_BACKPORT_USE_ARRAY(n, s, _new)
 */
struct kf_gki_backport {
	void *priv;
#ifdef NEW
	/* ANDROID_BACKPORT_USE_ARRAY(1, 32, struct kf_pair pairs[2]) */
	union {
		struct kf_pair pairs[2];
		struct {
			u8 __attribute__((aligned(8))) __kabi_reserved_backport1[32];
		};
		KF_SIZE_CHECK(u8 __attribute__((aligned(8)))
			      __kabi_reserved_backport1[32],
			      struct kf_pair pairs[2]);
	};
#else
	u8 __attribute__((aligned(8))) __kabi_reserved_backport1[32];
#endif
};

/*
 * The same macros on an array of 28 bytes followed by an int: the size
 * check passes (28 bytes of a struct padded to 32), but the struct
 * keeping the original is padded to its alignment, so the union takes
 * 32 bytes where the array took 28, and 'tail' moves
 */
struct kf_gki_backport28 {
	void *priv;
#ifdef NEW
	/* ANDROID_BACKPORT_USE_ARRAY(2, 28, u32 ids[7]) */
	union {
		u32 ids[7];
		struct {
			u8 __attribute__((aligned(8))) __kabi_reserved_backport2[28];
		};
		KF_SIZE_CHECK(u8 __attribute__((aligned(8)))
			      __kabi_reserved_backport2[28],
			      u32 ids[7]);
	};
#else
	u8 __attribute__((aligned(8))) __kabi_reserved_backport2[28];
#endif
	int tail;
};
