#ifndef CPLATFORM_H
#define CPLATFORM_H
/* Linux calls that Swift's Glibc module does not expose (they need _GNU_SOURCE). */
#include <stddef.h>

/* memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING); -1 with errno on failure. */
int tt_memfd_create(const char *name);
/* Seals an memfd against shrinking (the compositor maps it). 0 or -1 with errno. */
int tt_memfd_seal_shrink(int fd);
#endif
