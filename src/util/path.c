// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdbool.h>
#include <string.h>

#include "path.h"
#include "banned.h"

static bool is_component(const char *p, size_t len, const char *name)
{
	return len == strlen(name) && !memcmp(p, name, len);
}

/*
 * Components are copied down one by one; `out` ends where the cleaned
 * path so far ends, `kept` counts the components that a ".." may drop.
 */
void path_normalize(char *path)
{
	bool absolute = path[0] == '/';
	char *out = path + absolute;
	const char *in = out;
	size_t kept = 0;

	while (*in) {
		const char *end = strchrnul(in, '/');
		size_t len = (size_t)(end - in);

		if (len == 0 || is_component(in, len, ".")) {
			/* nothing to keep */
		} else if (is_component(in, len, "..") && kept) {
			while (out > path + absolute && out[-1] != '/')
				out--;
			if (out > path + absolute)
				out--; /* the separator before it */
			kept--;
		} else {
			if (out > path + absolute)
				*out++ = '/';
			memmove(out, in, len);
			out += len;
			if (!is_component(in, len, ".."))
				kept++;
		}
		in = *end ? end + 1 : end;
	}
	/* nothing left: "." where there is room for it (not in "") */
	if (out == path && *path)
		*out++ = '.';
	*out = '\0';
}

static bool has_part(const char *path, const char *part)
{
	size_t len = strlen(part);
	const char *p = path;

	while ((p = strstr(p, part))) {
		if (p == path || p[-1] == '/')
			return true;
		p += len;
	}
	return false;
}

bool path_is_uapi(const char *path)
{
	return has_part(path, "include/uapi/") ||
	       has_part(path, "include/generated/uapi/");
}
