#include "shim.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

// One write per frame. ncurses writes a frame through a buffer of
// (lines + 2) * (columns + 6) bytes sized at start-up, flushing it whenever it
// fills and on every curs_set, so one frame can leave in several writes (each
// its own SSH packet, and a torn frame on a slow link). While a frame is
// composed, the descriptor ncurses writes to points at a frame file instead
// of the terminal (a memfd on Linux, an unlinked temporary file elsewhere:
// platform.c); the frame then leaves in one writev. Frames are composed one
// at a time on the main thread, so one frame file serves every screen.

static int frame_fd = -1;
static volatile sig_atomic_t capture_curses_fd = -1;
static volatile sig_atomic_t capture_terminal_fd = -1;
static unsigned char *frame_bytes = 0;
static size_t frame_capacity = 0;

// A forked child must not share its parent's frame file: both would compose
// their frames in one file. The child makes its own at its first frame. A
// session template's child closes every inherited descriptor as well, and
// the old number may by then name another file (the signal pipe: frames
// were read back as signals).
static void forget_frame_file(void) {
    if (frame_fd >= 0) close(frame_fd);
    frame_fd = -1;
    capture_curses_fd = -1;
}

__attribute__((constructor)) static void register_fork_handler(void) {
    pthread_atfork(NULL, NULL, forget_frame_file);
}

// The frame file counts against the file size limit (ulimit -f): under a
// small one a frame would be cut short, so frames then go straight to the
// terminal as ncurses writes them.
static int size_limit_allows_frames(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_FSIZE, &limit) != 0) return 0;
    return limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur >= ((rlim_t)64 << 20);
}

int cn_frame_begin(int curses_fd, int terminal_fd) {
    static int allowed = -1;
    if (allowed < 0) allowed = size_limit_allows_frames();
    if (!allowed || capture_curses_fd >= 0) return -1;
    if (frame_fd < 0) frame_fd = cn_platform_frame_file();
    if (frame_fd < 0) return -1;
    // Recorded before the switch, so a signal in between still switches back.
    capture_terminal_fd = terminal_fd;
    capture_curses_fd = curses_fd;
    if (cn_platform_redirect(frame_fd, curses_fd) < 0) {
        capture_curses_fd = -1;
        return -1;
    }
    return 0;
}

void cn_frame_stop_capture(void) {
    int curses_fd = capture_curses_fd;
    if (curses_fd < 0) return;
    cn_platform_redirect(capture_terminal_fd, curses_fd);
    capture_curses_fd = -1;
}

long cn_frame_end(const unsigned char **bytes) {
    cn_frame_stop_capture();
    *bytes = 0;
    off_t length = lseek(frame_fd, 0, SEEK_CUR);
    if (length <= 0) return 0;
    if ((size_t)length > frame_capacity) {
        unsigned char *grown = realloc(frame_bytes, (size_t)length);
        if (grown == 0) return -1;
        frame_bytes = grown;
        frame_capacity = (size_t)length;
    }
    ssize_t read_count = pread(frame_fd, frame_bytes, (size_t)length, 0);
    // Rewound, not truncated: the next frame overwrites from the start and
    // only its own length is read back (one system call fewer per frame).
    lseek(frame_fd, 0, SEEK_SET);
    if (read_count < 0) return -1;
    *bytes = frame_bytes;
    return (long)read_count;
}

int cn_write_all(int fd, const struct iovec *parts, int count) {
    struct iovec pending[8];
    if (count > 8) return -1;
    for (int i = 0; i < count; i++) pending[i] = parts[i];
    int index = 0;
    while (index < count) {
        ssize_t written = writev(fd, pending + index, count - index);
        if (written < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN) {
                struct pollfd wait = {.fd = fd, .events = POLLOUT};
                poll(&wait, 1, 1000);
                continue;
            }
            return -1;
        }
        while (index < count && (size_t)written >= pending[index].iov_len) {
            written -= (ssize_t)pending[index].iov_len;
            index++;
        }
        if (index < count) {
            pending[index].iov_base = (char *)pending[index].iov_base + written;
            pending[index].iov_len -= (size_t)written;
        }
    }
    return 0;
}
