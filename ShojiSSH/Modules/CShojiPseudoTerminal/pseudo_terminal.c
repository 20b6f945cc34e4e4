#include "pseudo_terminal.h"
#include "spawn_in_session.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

int cpt_open(unsigned short rows, unsigned short columns, int *master_fd, char *slave_path, size_t slave_path_size) {
    int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master < 0) return errno;
    if (grantpt(master) != 0 || unlockpt(master) != 0) {
        int error = errno;
        close(master);
        return error;
    }
    int error = ptsname_r(master, slave_path, slave_path_size);
    if (error != 0) {
        close(master);
        return error;
    }
    error = cpt_resize(master, rows, columns);
    if (error != 0) {
        close(master);
        return error;
    }
    int flags = fcntl(master, F_GETFL);
    if (flags < 0 || fcntl(master, F_SETFL, flags | O_NONBLOCK) < 0) {
        error = errno;
        close(master);
        return error;
    }
    *master_fd = master;
    return 0;
}

int cpt_resize(int master_fd, unsigned short rows, unsigned short columns) {
    struct winsize size = {.ws_row = rows, .ws_col = columns, .ws_xpixel = 0, .ws_ypixel = 0};
    return ioctl(master_fd, TIOCSWINSZ, &size) == 0 ? 0 : errno;
}

int cpt_spawn_in_session(const char *path, char *const argv[], char *const envp[],
                         const posix_spawn_file_actions_t *actions, pid_t *pid) {
    posix_spawnattr_t attributes;
    int error = posix_spawnattr_init(&attributes);
    if (error != 0) return error;
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    if ((error = posix_spawnattr_setsigmask(&attributes, &none)) == 0 &&
        (error = posix_spawnattr_setsigdefault(&attributes, &all)) == 0 &&
        (error = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK |
                                                           POSIX_SPAWN_SETSIGDEF)) == 0) {
        error = posix_spawn(pid, path, actions, &attributes, argv, envp);
    }
    posix_spawnattr_destroy(&attributes);
    return error;
}

int cpt_spawn(const char *path, char *const argv[], char *const envp[], const char *slave_path, pid_t *pid) {
    posix_spawn_file_actions_t actions;
    int error = posix_spawn_file_actions_init(&actions);
    if (error != 0) return error;
    // Opened after setsid and without O_NOCTTY, the slave becomes the
    // controlling terminal, so the app gets SIGHUP when the master closes.
    if ((error = posix_spawn_file_actions_addopen(&actions, 0, slave_path, O_RDWR, 0)) == 0 &&
        (error = posix_spawn_file_actions_adddup2(&actions, 0, 1)) == 0 &&
        (error = posix_spawn_file_actions_adddup2(&actions, 0, 2)) == 0 &&
        (error = posix_spawn_file_actions_addclosefrom_np(&actions, 3)) == 0) {
        error = cpt_spawn_in_session(path, argv, envp, &actions, pid);
    }
    posix_spawn_file_actions_destroy(&actions);
    return error;
}

int cpt_signal_group(pid_t pid, int signal) {
    if (pid <= 0) return EINVAL;
    return kill(-pid, signal) == 0 ? 0 : errno;
}
