/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef KABI_PATH_H
#define KABI_PATH_H

#include <stdbool.h>

/*
 * Lexical clean-up of a path, in place: "a//b" -> "a/b", "./a/./b" ->
 * "a/b", "a/x/../b" -> "a/b". The file system is not asked, so a ".."
 * after a symbolic link is taken literally; for paths a compiler wrote
 * this is what the build meant ("drivers/base/power/../base.h" is
 * "drivers/base/base.h"). A ".." that would climb above the start stays
 * ("../a" and "/.." alike), and an empty result is "." but for an empty
 * path, which has no room for it.
 */
void path_normalize(char *path);

/*
 * Whether a declaring file is a header of the user-space interface:
 * include/uapi/, arch/ARCH/include/uapi/ and their generated/ twins,
 * wherever the build tree was ("/build/linux/include/uapi/linux/stat.h").
 */
bool path_is_uapi(const char *path);

#endif
