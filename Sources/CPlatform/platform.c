#define _GNU_SOURCE
#include <fcntl.h>
#include <malloc.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <unistd.h>
#include "CPlatform.h"

int tt_poll_nanoseconds(struct pollfd *descriptors, nfds_t count, long long timeout) {
    if (timeout < 0) return ppoll(descriptors, count, NULL, NULL);
    struct timespec limit = { .tv_sec = timeout / 1000000000, .tv_nsec = timeout % 1000000000 };
    return ppoll(descriptors, count, &limit, NULL);
}

int tt_memfd_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

int tt_memfd_seal_shrink(int fd) {
    return fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK);
}

int tt_termination_signalfd(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    if (sigprocmask(SIG_BLOCK, &set, NULL) != 0) return -1;
    return signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
}

int tt_signalfd_read(int fd) {
    struct signalfd_siginfo info;
    ssize_t n = read(fd, &info, sizeof info);
    return n == (ssize_t)sizeof info ? (int)info.ssi_signo : -1;
}

size_t tt_heap_allocated_bytes(void) {
    struct mallinfo2 info = mallinfo2();
    /* Small blocks from the heap, large ones mapped on their own. */
    return info.uordblks + info.hblkhd;
}
