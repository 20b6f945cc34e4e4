#ifndef SHOJI_SESSION_TEMPLATE_H
#define SHOJI_SESSION_TEMPLATE_H

#include <stddef.h>
#include <sys/types.h>

/// The largest fork request a template accepts (arguments and environment).
#define CPT_TEMPLATE_REQUEST_MAX 65536

/// Starts `path` as a session template: in a session of its own, stdin and
/// stdout on /dev/null, stderr the server's, `socket_fd` as descriptor 3 and
/// every other descriptor closed, default signals. Returns 0, or an errno value.
int cpt_spawn_template(const char *path, char *const argv[], char *const envp[], int socket_fd, pid_t *pid);

/// The session template's loop on `socket_fd` (a SOCK_SEQPACKET socket to
/// the server). Each request carries a pty slave (SCM_RIGHTS) and a payload;
/// the template forks a child on that terminal, answers `F <pid>` (or
/// `E <reason>`, forking nothing, when it is not single-threaded or fork
/// fails) and later `X <pid> <wait status>` when the child ends.
///
/// Returns 1 in a forked child, which leads a new session with the slave as
/// its controlling terminal on 0, 1 and 2, every other descriptor closed,
/// default signal actions and an empty mask: `*payload` (malloc'd) and
/// `*length` hold its request. Returns 0 when the server closed the socket,
/// -1 (errno set) when the loop itself failed.
int cpt_template_serve(int socket_fd, char **payload, size_t *length);

/// Threads in this process (entries of /proc/self/task); -1 if unknown.
int cpt_thread_count(void);

/// Sends a fork request on `socket_fd`: `payload` with `slave_fd` attached.
/// Returns 0, or an errno value.
int cpt_template_request(int socket_fd, int slave_fd, const char *payload, size_t length);

/// Makes this process the reaper of its orphaned descendants
/// (PR_SET_CHILD_SUBREAPER): a template's children come to the server if
/// the template dies. Returns 0, or an errno value.
int cpt_become_subreaper(void);

#endif
