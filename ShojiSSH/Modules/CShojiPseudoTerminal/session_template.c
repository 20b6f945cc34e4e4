#include "session_template.h"
#include "spawn_in_session.h"
#include "event_descriptors.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

int cpt_spawn_template(const char *path, char *const argv[], char *const envp[], int socket_fd, pid_t *pid) {
    posix_spawn_file_actions_t actions;
    int error = posix_spawn_file_actions_init(&actions);
    if (error != 0) return error;
    // A session of its own: a Ctrl-C on the server's terminal must not reach it.
    if ((error = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)) == 0 &&
        (error = posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)) == 0 &&
        (error = posix_spawn_file_actions_adddup2(&actions, socket_fd, 3)) == 0 &&
        (error = posix_spawn_file_actions_addclosefrom_np(&actions, 4)) == 0) {
        error = cpt_spawn_in_session(path, argv, envp, &actions, pid);
    }
    posix_spawn_file_actions_destroy(&actions);
    return error;
}

int cpt_thread_count(void) {
    DIR *tasks = opendir("/proc/self/task");
    if (tasks == NULL) return -1;
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir(tasks)) != NULL) {
        if (entry->d_name[0] != '.') count++;
    }
    closedir(tasks);
    return count;
}

int cpt_become_subreaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0 ? 0 : errno;
}

int cpt_template_request(int socket_fd, int slave_fd, const char *payload, size_t length) {
    struct iovec part = {.iov_base = (void *)payload, .iov_len = length};
    union {
        struct cmsghdr header;
        char space[CMSG_SPACE(sizeof(int))];
    } control;
    memset(&control, 0, sizeof control);
    struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1, .msg_control = control.space,
                             .msg_controllen = sizeof control.space};
    struct cmsghdr *rights = CMSG_FIRSTHDR(&message);
    rights->cmsg_level = SOL_SOCKET;
    rights->cmsg_type = SCM_RIGHTS;
    rights->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(rights), &slave_fd, sizeof(int));
    while (sendmsg(socket_fd, &message, MSG_NOSIGNAL) < 0) {
        if (errno != EINTR) return errno;
    }
    return 0;
}

static void reply(int socket_fd, const char *text) {
    while (send(socket_fd, text, strlen(text), MSG_NOSIGNAL) < 0 && errno == EINTR) {}
}

/// In the child: the slave becomes the controlling terminal of a new
/// session on 0, 1 and 2; nothing of the template's stays open or blocked.
static void become_session(int slave_fd) {
    if (setsid() < 0 || ioctl(slave_fd, TIOCSCTTY, 0) < 0) _exit(127);
    if (dup2(slave_fd, 0) < 0 || dup2(slave_fd, 1) < 0 || dup2(slave_fd, 2) < 0) _exit(127);
    if (slave_fd > 2) close(slave_fd);
    closefrom(3);
    for (int signal_number = 1; signal_number < NSIG; signal_number++) signal(signal_number, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
}

/// Tells the server about every child that ended.
static void report_exits(int socket_fd, size_t *children) {
    int status;
    pid_t pid;
    while (*children > 0 && (pid = waitpid(-1, &status, WNOHANG)) > 0) {
        (*children)--;
        char text[64];
        snprintf(text, sizeof text, "X %d %d", (int)pid, status);
        reply(socket_fd, text);
    }
}

/// Receives one request: its length, or 0 at the end, -1 on an error;
/// `*slave_fd` is the attached descriptor or -1.
static ssize_t receive(int socket_fd, char *buffer, int *slave_fd) {
    struct iovec part = {.iov_base = buffer, .iov_len = CPT_TEMPLATE_REQUEST_MAX};
    union {
        struct cmsghdr header;
        char space[CMSG_SPACE(sizeof(int))];
    } control;
    struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1, .msg_control = control.space,
                             .msg_controllen = sizeof control.space};
    ssize_t received = recvmsg(socket_fd, &message, MSG_CMSG_CLOEXEC);
    *slave_fd = -1;
    if (received <= 0) return received;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&message); c != NULL; c = CMSG_NXTHDR(&message, c)) {
        if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
            int count = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
            for (int index = 0; index < count; index++) {
                int fd;
                memcpy(&fd, CMSG_DATA(c) + index * sizeof(int), sizeof fd);
                if (*slave_fd < 0) *slave_fd = fd; else close(fd);
            }
        }
    }
    if (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) {
        if (*slave_fd >= 0) close(*slave_fd);
        *slave_fd = -1;
    }
    return received;
}

int cpt_template_serve(int socket_fd, char **payload, size_t *length) {
    sigset_t child_ended, previous;
    sigemptyset(&child_ended);
    sigaddset(&child_ended, SIGCHLD);
    // Exits arrive on a descriptor, so the loop needs no signal handler.
    pthread_sigmask(SIG_BLOCK, &child_ended, &previous);
    int exits = signalfd(-1, &child_ended, SFD_CLOEXEC | SFD_NONBLOCK);
    char *buffer = malloc(CPT_TEMPLATE_REQUEST_MAX);
    if (exits < 0 || buffer == NULL) {
        int error = exits < 0 ? errno : ENOMEM;
        if (exits >= 0) close(exits);
        free(buffer);
        pthread_sigmask(SIG_SETMASK, &previous, NULL);
        errno = error;
        return -1;
    }
    size_t children = 0;
    int result = -1;
    for (;;) {
        struct pollfd watched[2] = {{.fd = socket_fd, .events = POLLIN}, {.fd = exits, .events = POLLIN}};
        if (poll(watched, 2, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (watched[1].revents & POLLIN) {
            struct signalfd_siginfo info;
            while (read(exits, &info, sizeof info) > 0) {}
            report_exits(socket_fd, &children);
        }
        if (!(watched[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        int slave_fd;
        ssize_t received = receive(socket_fd, buffer, &slave_fd);
        if (received == 0) {
            result = 0;
            break;
        }
        if (received < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            break;
        }
        if (slave_fd < 0) {
            reply(socket_fd, "E the request had no terminal or was too large");
            continue;
        }
        // fork copies only the calling thread: with another one running (a
        // lock it held, a queue it served) the child could hang or corrupt.
        int threads = cpt_thread_count();
        if (threads != 1) {
            close(slave_fd);
            char text[128];
            snprintf(text, sizeof text, "E the template has %d threads; it forks only while it has one", threads);
            reply(socket_fd, text);
            continue;
        }
        // A child closes every descriptor it inherited, but the library that
        // opened one (the main dispatch queue's wake-up, an event loop's)
        // still holds its number: its wake-ups would be lost or go astray.
        char held[96];
        if (cpt_holds_event_descriptor(held, sizeof held)) {
            close(slave_fd);
            char text[192];
            snprintf(text, sizeof text, "E the template holds %s; it forks only without one", held);
            reply(socket_fd, text);
            continue;
        }
        pid_t pid = fork();
        if (pid == 0) {
            close(exits);
            become_session(slave_fd);
            *payload = buffer;
            *length = (size_t)received;
            return 1;
        }
        close(slave_fd);
        char text[128];
        if (pid < 0) {
            snprintf(text, sizeof text, "E cannot fork: %s", strerror(errno));
        } else {
            children++;
            snprintf(text, sizeof text, "F %d", (int)pid);
        }
        reply(socket_fd, text);
    }
    int error = errno;
    close(exits);
    free(buffer);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    errno = error;
    return result;
}
