#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <malloc.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
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

static void termination_signals(sigset_t *set) {
    sigemptyset(set);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGHUP);
}

static int set_termination_signals_blocked(int how) {
    sigset_t set;
    termination_signals(&set);
    int failed = pthread_sigmask(how, &set, NULL);
    if (failed != 0) {
        errno = failed;
        return -1;
    }
    return 0;
}

int tt_block_termination_signals(void) {
    return set_termination_signals_blocked(SIG_BLOCK);
}

int tt_unblock_termination_signals(void) {
    return set_termination_signals_blocked(SIG_UNBLOCK);
}

int tt_termination_signalfd(void) {
    if (tt_block_termination_signals() != 0) return -1;
    sigset_t set;
    termination_signals(&set);
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

int tt_rename_without_replacing(const char *from, const char *to) {
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
}

int tt_socket_peer_pid(int fd) {
    struct ucred credentials;
    socklen_t size = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &size) != 0) return -1;
    return credentials.pid;
}

int tt_pidfd_open(int pid) {
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

int tt_pipe_nonblocking(int fds[2]) {
    return pipe2(fds, O_CLOEXEC | O_NONBLOCK);
}

int tt_ignore_broken_pipe_signal(void) {
    struct sigaction action = { 0 };
    action.sa_handler = SIG_IGN;
    sigemptyset(&action.sa_mask);
    return sigaction(SIGPIPE, &action, NULL);
}
