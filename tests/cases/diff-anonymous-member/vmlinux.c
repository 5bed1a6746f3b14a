/* Members that move into anonymous members at the same place have not moved: C code names them as before. */
#include "kf.h"

int kf_sock_state(struct kf_sock *sk) { return sk->state; }
EXPORT_SYMBOL(kf_sock_state);
SYMBOL_CRC(kf_sock_state, 0x1900, "");
