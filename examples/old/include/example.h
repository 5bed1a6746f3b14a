/* The example kernel's shared types, as a kernel header would have them. */
#ifndef EXAMPLE_H
#define EXAMPLE_H

struct list_head {
	struct list_head *next, *prev;
};

struct notifier {
	int (*call)(struct notifier *n, unsigned long event);
	struct notifier *next;
	int priority;
};

enum note_kind {
	NOTE_TEXT,
	NOTE_LINK,
};

struct note {
	const char *text;
	unsigned int len;
	enum note_kind kind;
};

#endif
