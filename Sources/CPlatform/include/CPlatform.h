#ifndef CPLATFORM_H
#define CPLATFORM_H
/* Linux calls that Swift's Glibc module does not expose (they need _GNU_SOURCE). */
#include <poll.h>
#include <stddef.h>

/* memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING); -1 with errno on failure. */
int tt_memfd_create(const char *name);
/* Seals an memfd against shrinking (the compositor maps it). 0 or -1 with errno. */
int tt_memfd_seal_shrink(int fd);

/* Blocks SIGINT, SIGTERM and SIGHUP for the calling thread and returns a
   non-blocking signalfd that becomes readable when one arrives, so the event
   loop can save and quit in order instead of dying in a signal handler.
   -1 with errno on failure. */
int tt_termination_signalfd(void);
/* Blocks SIGINT, SIGTERM and SIGHUP in the calling thread (pthread_sigmask),
   so that threads it starts afterwards, the app's and its libraries' (Pango 1.56
   starts a fontconfig thread), inherit the mask and the signals wait for the
   event loop's signalfd instead of killing the process by default action.
   0 or -1 with errno. */
int tt_block_termination_signals(void);
/* Unblocks them again in the calling thread: for commands that do not watch
   for them, whose default action (ending the process) is what a user wants. */
int tt_unblock_termination_signals(void);
/* Reads one pending signal from such a signalfd: its number, or -1 when none. */
int tt_signalfd_read(int fd);
/* renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE): fails with EEXIST
   instead of replacing whatever `to` names. 0 or -1 with errno. */
int tt_rename_without_replacing(const char *from, const char *to);
/* The process id at the other end of a connected Unix socket (SO_PEERCRED),
   or -1 with errno. */
int tt_socket_peer_pid(int fd);
/* ppoll with a timeout in nanoseconds (negative: none), so a timer wakes the
   event loop when it is due, not up to a millisecond later as poll's whole
   milliseconds would. As poll: the count of ready descriptors, or -1 with errno. */
int tt_poll_nanoseconds(struct pollfd *descriptors, nfds_t count, long long timeout);
/* pidfd_open(pid, 0): a descriptor that becomes readable when the process
   exits, so an event loop can reap a child without waiting for it or
   handling SIGCHLD (Linux 5.3). -1 with errno on failure. */
int tt_pidfd_open(int pid);
/* pipe2(fds, O_CLOEXEC | O_NONBLOCK): a pipe whose ends never block, for data
   the event loop moves a piece at a time (the clipboard). 0 or -1 with errno. */
int tt_pipe_nonblocking(int fds[2]);
/* Ignores SIGPIPE for the whole process, so that writing to a pipe whose reader
   has gone fails with EPIPE instead of killing the process. 0 or -1 with errno. */
int tt_ignore_broken_pipe_signal(void);
/* Bytes the process has allocated from malloc now (mallinfo2: uordblks + hblkhd):
   benchmarks measure what a data structure takes. */
size_t tt_heap_allocated_bytes(void);
#endif
