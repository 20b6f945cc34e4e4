#include "shim.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

extern char **environ;

// Running another program in the foreground of the app's terminal, as a
// shell runs a job: the child gets a process group of its own and the
// terminal's foreground, so Ctrl-C and Ctrl-Z reach it and not the app.
// Spawned, never forked: the app is multi-threaded.

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 35))
#define SHOJI_SPAWN_TCSETPGRP 1
#endif
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
#define SHOJI_SPAWN_CLOSEFROM 1
#endif

static const int job_signals[] = {SIGINT, SIGQUIT, SIGTSTP};
#define JOB_SIGNAL_COUNT (sizeof(job_signals) / sizeof(job_signals[0]))

void cn_foreground_ignore_job_signals(int ignore, int pipe_fd) {
    for (size_t i = 0; i < JOB_SIGNAL_COUNT; i++) {
        if (ignore) {
            struct sigaction action;
            memset(&action, 0, sizeof(action));
            action.sa_handler = SIG_IGN;
            sigemptyset(&action.sa_mask);
            sigaction(job_signals[i], &action, NULL);
        } else {
            cn_forward_signal(job_signals[i], pipe_fd);
        }
    }
}

// tcsetpgrp from a background process group raises SIGTTOU unless the
// calling thread blocks it; taking the terminal back is exactly that case.
static void give_terminal(int fd, pid_t group) {
    if (fd < 0) return;
    sigset_t block, previous;
    sigemptyset(&block);
    sigaddset(&block, SIGTTOU);
    pthread_sigmask(SIG_BLOCK, &block, &previous);
    (void)tcsetpgrp(fd, group);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
}

int cn_foreground_spawn(const char *file, char *const argv[], int terminal_fd, int *pid_out) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    short flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
    posix_spawnattr_setpgroup(&attributes, 0);
    // The app ignores the job signals meanwhile and its threads block
    // others: the child starts with every signal at its default, none blocked.
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &all);
#ifdef SHOJI_SPAWN_TCSETPGRP
    // The child takes the terminal itself before it runs, so it never reads
    // from the background (SIGTTIN) while the app is still giving it over.
    if (terminal_fd >= 0 && isatty(terminal_fd)) posix_spawn_file_actions_addtcsetpgrp_np(&actions, terminal_fd);
#endif
#ifdef SHOJI_SPAWN_CLOSEFROM
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
#elif defined(__APPLE__)
    flags |= POSIX_SPAWN_CLOEXEC_DEFAULT;
    for (int fd = 0; fd < 3; fd++) posix_spawn_file_actions_addinherit_np(&actions, fd);
#endif
    posix_spawnattr_setflags(&attributes, flags);
    pid_t pid = 0;
    int result = posix_spawnp(&pid, file, &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (result != 0) return result;
    *pid_out = (int)pid;
    if (terminal_fd >= 0 && isatty(terminal_fd)) give_terminal(terminal_fd, pid);
    return 0;
}

// Stops the app as Ctrl-Z would have (the shell's `fg` continues it). In a
// process group with no job-control shell above it (an app served over ssh
// leads its own session) the kernel discards the stop and this returns at once.
static void stop_self(void) {
    struct sigaction stop, previous;
    memset(&stop, 0, sizeof(stop));
    stop.sa_handler = SIG_DFL;
    sigemptyset(&stop.sa_mask);
    sigaction(SIGTSTP, &stop, &previous);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    kill(getpid(), SIGTSTP);
    sigaction(SIGTSTP, &previous, NULL);
}

int cn_foreground_wait(int pid, int terminal_fd, int *status_out) {
    int tty = terminal_fd >= 0 && isatty(terminal_fd);
    for (;;) {
        int status = 0;
        pid_t reaped = waitpid((pid_t)pid, &status, tty ? WUNTRACED : 0);
        if (reaped < 0) {
            if (errno == EINTR) continue;
            if (tty) give_terminal(terminal_fd, getpgrp());
            return -1;
        }
        if (!WIFSTOPPED(status)) {
            *status_out = status;
            if (tty) give_terminal(terminal_fd, getpgrp());
            return 0;
        }
        int stop = WSTOPSIG(status);
        if ((stop == SIGTTIN || stop == SIGTTOU) && tcgetpgrp(terminal_fd) == (pid_t)pid) {
            // It touched the terminal before the app had given it over.
            kill(-(pid_t)pid, SIGCONT);
            continue;
        }
        // Ctrl-Z in the child: the whole app goes to the background with it.
        give_terminal(terminal_fd, getpgrp());
        stop_self();
        give_terminal(terminal_fd, (pid_t)pid);
        kill(-(pid_t)pid, SIGCONT);
    }
}
