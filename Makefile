# kabi: build, test and install.
#
#   make                developer build (warnings are errors)
#   make check          all tests but the real-kernel ones
#   make asan           the whole test suite under ASan + UBSan
#   make fuzz           the libFuzzer harnesses (clang), in build-fuzz/
#   make fuzz-run       each for FUZZ_SECONDS (default 30) from its seeds
#   make check-browser  the HTML report in headless chromium
#   make check-kernel   tests on real Debian kernels (downloads ~3 GB)
#   make install        PREFIX=/usr/local DESTDIR=
#   make DEVELOPER=0    release build: warnings stay warnings

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DESTDIR ?=
PKG_CONFIG ?= pkg-config
BUILD ?= build
DEVELOPER ?= 1

CC ?= cc
OPTFLAGS ?= -O2 -g
WARNINGS = -Wall -Wextra -Wpedantic -Wvla -Wmissing-prototypes \
	-Wstrict-prototypes -Wwrite-strings -Wformat=2 -Wshadow
ifeq ($(DEVELOPER),1)
WARNINGS += -Werror
endif

DEPS = libdw libelf libxml-2.0 zlib liblzma libarchive libbpf
HAVE_ZSTD := $(shell $(PKG_CONFIG) --exists libzstd && echo 1)
ifeq ($(HAVE_ZSTD),1)
DEPS += libzstd
ZSTD_FLAGS = -DHAVE_ZSTD
endif

PKG_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(DEPS))
PKG_LIBS := $(shell $(PKG_CONFIG) --libs $(DEPS))

# _GNU_SOURCE: kabi is a Linux tool (qsort_r, memfd_create, CPU sets)
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE $(OPTFLAGS) $(WARNINGS) $(ZSTD_FLAGS) $(PKG_CFLAGS) \
	-MMD -MP $(CFLAGS)
ALL_LDFLAGS = $(LDFLAGS)
LINK_CFLAGS = $(filter-out -MMD -MP,$(ALL_CFLAGS))
LIBS = $(PKG_LIBS) -lpthread

SRCS := $(sort $(wildcard src/*.c src/*/*.c))
OBJS := $(SRCS:%.c=$(BUILD)/%.o)
LIB_OBJS := $(filter-out $(BUILD)/src/main.c $(BUILD)/src/main.o,$(OBJS))
UNIT_SRCS := $(sort $(wildcard tests/unit/test-*.c))
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/%)
TOOL_BINS := $(BUILD)/tests/tools/mutate $(BUILD)/tests/tools/elfpatch \
	$(BUILD)/tests/tools/symtab-pass $(BUILD)/tests/tools/dwarf-defs \
	$(BUILD)/tests/tools/dwarf-pass $(BUILD)/tests/tools/line-files-check

KABI = $(BUILD)/kabi
FUZZ_TARGETS = exports dwarf baseline suppressions symbol-list package image btf \
	symvers rules stg abixml

# quiet unless V=1
ifneq ($(V),1)
Q = @
QUIET_CC = @echo "  CC      $@";
QUIET_LINK = @echo "  LINK    $@";
endif

all: $(KABI)

$(KABI): $(OBJS)
	$(QUIET_LINK)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $(OBJS) $(LIBS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/tests/test-%: tests/unit/test-%.c tests/unit/tap.h $(LIB_OBJS)
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(LINK_CFLAGS) -Isrc $(ALL_LDFLAGS) -o $@ $< \
		$(filter-out $(BUILD)/src/main.o,$(LIB_OBJS)) $(LIBS)

# a tool that checks kabi's own code against a library's
$(BUILD)/tests/tools/line-files-check: tests/tools/line-files-check.c \
		tests/tools/dwfl-each.h $(LIB_OBJS)
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(LINK_CFLAGS) -Isrc $(ALL_LDFLAGS) -o $@ $< \
		$(LIB_OBJS) $(LIBS)

$(BUILD)/tests/tools/%: tests/tools/%.c
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(LINK_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(LIBS)

units: $(UNIT_BINS) $(TOOL_BINS)

# The fuzz harnesses with a plain main, to run their seeds in make check.
SEED_BINS = $(FUZZ_TARGETS:%=$(BUILD)/fuzz-seeds/seed-%)

$(BUILD)/fuzz-seeds/seed-%: tests/fuzz/fuzz-%.c tests/fuzz/fuzz.c tests/fuzz/standalone.c tests/fuzz/fuzz.h $(LIB_OBJS)
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(LINK_CFLAGS) -Isrc $(ALL_LDFLAGS) -o $@ $< \
		tests/fuzz/fuzz.c tests/fuzz/standalone.c \
		$(filter-out $(BUILD)/src/main.o,$(LIB_OBJS)) $(LIBS)

# Every test prints TAP; prove runs them and gives the standard summary,
# CHECK_JOBS of them at a time (the case runners are one process chain
# each: side by side they use the cores a machine has).
CHECK_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
# Fixture kernels once built are kept (tests/fixtures/build-kernel) outside
# the build folders, so that make clean and the ASan run keep them too.
FIXTURE_CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/kabi/fixtures

check: $(KABI) $(UNIT_BINS) $(TOOL_BINS) $(SEED_BINS)
	KABI=$(abspath $(KABI)) TOOLS=$(abspath $(BUILD)/tests/tools) \
		SEEDS=$(abspath $(BUILD)/fuzz-seeds) FIXTURE_CACHE=$(FIXTURE_CACHE) \
		OBJDIR=$(abspath $(BUILD)) \
		prove -f -j$(CHECK_JOBS) -e '' $(UNIT_BINS) tests/run-cases.sh tests/run-cases-clang.sh \
		tests/run-cases-lto.sh \
		tests/run-fuzz.sh \
		tests/run-seeds.sh \
		tests/run-circles.sh

ASAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=all
asan:
	$(MAKE) BUILD=build-asan OPTFLAGS="$(ASAN_FLAGS)" \
		LDFLAGS="$(ASAN_FLAGS)" check

# libFuzzer harnesses of the readers of untrusted files (tests/fuzz/).
FUZZ_FLAGS = -O1 -g -fsanitize=fuzzer-no-link,address,undefined \
	-fno-omit-frame-pointer -fno-sanitize-recover=all
FUZZ_BINS = $(FUZZ_TARGETS:%=$(BUILD)/fuzz/fuzz-%)
FUZZ_SECONDS ?= 30

$(BUILD)/fuzz/fuzz-%: tests/fuzz/fuzz-%.c tests/fuzz/fuzz.c tests/fuzz/fuzz.h $(LIB_OBJS)
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(LINK_CFLAGS) -fsanitize=fuzzer -Isrc $(ALL_LDFLAGS) \
		-o $@ $< tests/fuzz/fuzz.c \
		$(filter-out $(BUILD)/src/main.o,$(LIB_OBJS)) $(LIBS)

fuzzers: $(FUZZ_BINS)

fuzz:
	$(MAKE) BUILD=build-fuzz CC=clang OPTFLAGS="$(FUZZ_FLAGS)" fuzzers

fuzz-run: fuzz
	FUZZ_SECONDS=$(FUZZ_SECONDS) sh scripts/fuzz $(FUZZ_TARGETS)

# The HTML report in headless chromium (install-deps --ci installs it).
check-browser: $(KABI) $(TOOL_BINS)
	KABI=$(abspath $(KABI)) prove -f -e '' tests/browser/run.sh

# Real Debian kernels, downloaded once into $$KABI_KERNEL_CACHE.
# bpftool, abidw and the rest (install-deps --kernel), when missing: the
# BTF tests count nothing without bpftool, and fail.
check-kernel: $(KABI) $(TOOL_BINS)
	sh scripts/install-deps --kernel
	KABI=$(abspath $(KABI)) TOOLS=$(abspath $(BUILD)/tests/tools) \
		prove -v -f -e '' tests/kernel/*.sh

# The C sources as .clang-format has them (clang-format 14, Debian 12).
FORMAT_FILES = $(sort $(wildcard src/*.[ch] src/*/*.[ch] tests/unit/*.[ch] \
	tests/fuzz/*.[ch] tests/tools/*.c))
check-format:
	$(Q)clang-format --dry-run --Werror $(FORMAT_FILES)

format:
	clang-format -i $(FORMAT_FILES)

install: $(KABI)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 755 $(KABI) $(DESTDIR)$(BINDIR)/kabi
	install -m 644 docs/kabi.1 $(DESTDIR)$(MANDIR)/man1/kabi.1

example: $(KABI)
	KABI=$(abspath $(KABI)) examples/run

clean:
	rm -rf build build-asan build-fuzz

.PHONY: all units check asan fuzz fuzzers fuzz-run check-kernel check-browser install \
	example clean check-format format

-include $(OBJS:.o=.d)
