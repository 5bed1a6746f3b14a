/*
 * An export that became assembly, with no debug information, and one
 * that became C: type information lost and gained.
 */
#ifdef NEW
asm(".text\n.globl kf_lost\n.type kf_lost, @function\nkf_lost:\n\tret\n");
extern char kf_lost[];
int kf_gained(int x) { return x + 1; }
#else
int kf_lost(int x) { return x; }
asm(".text\n.globl kf_gained\n.type kf_gained, @function\nkf_gained:\n\tret\n");
extern char kf_gained[];
#endif
EXPORT_SYMBOL_ASM(kf_lost, "");
SYMBOL_CRC(kf_lost, 0x20, "");
EXPORT_SYMBOL_ASM(kf_gained, "");
SYMBOL_CRC(kf_gained, 0x21, "");
