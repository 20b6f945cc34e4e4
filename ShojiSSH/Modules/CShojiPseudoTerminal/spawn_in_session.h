#ifndef SHOJI_SPAWN_IN_SESSION_H
#define SHOJI_SPAWN_IN_SESSION_H

#include <spawn.h>

/// posix_spawn with `actions` in a new session (POSIX_SPAWN_SETSID), every
/// signal at its default action and none blocked: how both a session's app
/// and a session template start. Returns 0, or an errno value.
int cpt_spawn_in_session(const char *path, char *const argv[], char *const envp[],
                         const posix_spawn_file_actions_t *actions, pid_t *pid);

#endif
