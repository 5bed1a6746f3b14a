/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Functions that are too easy to misuse: unbounded copies and formatting,
 * and strtok's hidden state. Including this header last in a .c file turns
 * any use of them into a compile error. Use strbuf, snprintf, memcpy with a
 * checked length, or strtok_r-free parsing instead.
 */
#ifndef KABI_BANNED_H
#define KABI_BANNED_H

#define BANNED(func) sorry_##func##_is_a_banned_function

#undef strcpy
#define strcpy(x, y) BANNED(strcpy)
#undef strcat
#define strcat(x, y) BANNED(strcat)
#undef strncpy
#define strncpy(x, y, n) BANNED(strncpy)
#undef strncat
#define strncat(x, y, n) BANNED(strncat)
#undef sprintf
#define sprintf(...) BANNED(sprintf)
#undef vsprintf
#define vsprintf(...) BANNED(vsprintf)
#undef strtok
#define strtok(x, y) BANNED(strtok)
#undef gets
#define gets(x) BANNED(gets)

#endif
