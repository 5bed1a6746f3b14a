/* An example module with exports of its own. */
#include "include/example.h"

int notes_add(struct note *n)
{
	return (int)n->len;
}
EXPORT_SYMBOL_GPL(notes_add);
SYMBOL_CRC(notes_add, 0x8899ccdd, "_gpl");

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("example notes file system");
