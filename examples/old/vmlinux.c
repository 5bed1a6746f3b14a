/* The core of a tiny example kernel: a few exports of every kind. */
#include "include/example.h"

int register_notifier(struct notifier *n)
{
	return n->priority;
}
EXPORT_SYMBOL(register_notifier);
SYMBOL_CRC(register_notifier, 0x1a2b3c4d, "");

void list_add(struct list_head *item, struct list_head *head)
{
	item->next = head->next;
	item->prev = head;
	head->next = item;
}
EXPORT_SYMBOL_GPL(list_add);
SYMBOL_CRC(list_add, 0x5e6f7081, "_gpl");

unsigned long jiffies_example;
EXPORT_SYMBOL(jiffies_example);
SYMBOL_CRC(jiffies_example, 0x0d1e2f30, "");

DEFINE_PER_CPU(int, cpu_load);
EXPORT_SYMBOL_GPL(cpu_load);
SYMBOL_CRC(cpu_load, 0x41526374, "_gpl");

int crypto_cipher_setkey(const unsigned char *key, unsigned int len)
{
	return key[0] + (int)len;
}
EXPORT_SYMBOL_NS_GPL(crypto_cipher_setkey, CRYPTO_INTERNAL);
SYMBOL_CRC(crypto_cipher_setkey, 0xc2e15b63, "_gpl");
