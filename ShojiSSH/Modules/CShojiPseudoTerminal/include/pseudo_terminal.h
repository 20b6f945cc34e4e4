#ifndef CATALOG_PSEUDO_TERMINAL_H
#define CATALOG_PSEUDO_TERMINAL_H

#include <sys/types.h>

#include "session_template.h"

/// Opens a pseudo-terminal pair sized `columns` x `rows`. The master is
/// close-on-exec and non-blocking; the slave's path goes into `slave_path`
/// (the slave itself is not kept open: the child opens it, which makes it the
/// child's controlling terminal). Returns 0, or an errno value.
int cpt_open(unsigned short rows, unsigned short columns, int *master_fd, char *slave_path, size_t slave_path_size);

/// Sets the window size on the master; the kernel then sends SIGWINCH to the
/// terminal's foreground process group. Returns 0, or an errno value.
int cpt_resize(int master_fd, unsigned short rows, unsigned short columns);

/// Starts `path` in a new session whose controlling terminal is `slave_path`
/// (opened as fd 0 and duplicated onto 1 and 2). Every other descriptor is
/// closed in the child, every signal has its default action and none is
/// blocked: a multi-threaded server must never fork, and its event-loop
/// descriptors are not close-on-exec. Returns 0, or an errno value.
int cpt_spawn(const char *path, char *const argv[], char *const envp[], const char *slave_path, pid_t *pid);

/// Sends `signal` to the process group `pid` leads (the session's app and
/// anything it started). Returns 0, or an errno value.
int cpt_signal_group(pid_t pid, int signal);

#endif
