/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kabi's version, which baselines record as their generator. */
#ifndef KABI_VERSION_H
#define KABI_VERSION_H

#define KABI_VERSION "0.1.0"

#endif
