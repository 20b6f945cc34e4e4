#include "shim.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

// The platform seam: every piece of the shim that only Linux has, each beside
// the POSIX fallback that macOS uses. Defining SHOJI_PORTABLE takes the
// fallbacks on Linux too, which is how the portable path is built and tested
// where no Mac is at hand (`make test-portable`). Nothing else in the shim
// asks which platform it is on.
#if defined(__linux__) && !defined(SHOJI_PORTABLE)
#define SHOJI_LINUX_ONLY_PIECES 1
#include <sys/mman.h>
#endif

// --- Where a frame is composed (frame_output.c). ---

#if SHOJI_LINUX_ONLY_PIECES

int cn_platform_frame_file(void) { return memfd_create("shoji-frame", MFD_CLOEXEC); }

const char *cn_platform_frame_file_kind(void) { return "memfd"; }

#else

// An unlinked temporary file: the frame sits in the page cache like a memfd's,
// it only needs a writable temporary directory. (open_memstream has no
// descriptor, and ncurses writes to a descriptor.) The FILE is kept for the
// process's life: closing it would close the descriptor.
int cn_platform_frame_file(void) {
    FILE *file = tmpfile();
    if (file == NULL) return -1;
    int fd = fileno(file);
    if (fcntl(fd, F_SETFD, FD_CLOEXEC) != 0) {
        fclose(file);
        return -1;
    }
    return fd;
}

const char *cn_platform_frame_file_kind(void) { return "tmpfile"; }

#endif

// --- Pointing one descriptor at another's file, close-on-exec. ---
// Async-signal-safe either way: the restore paths call it from signal handlers.

#if SHOJI_LINUX_ONLY_PIECES

int cn_platform_redirect(int from, int onto) { return dup3(from, onto, O_CLOEXEC) < 0 ? -1 : 0; }

#else

// dup2 clears close-on-exec on the copy; setting it again leaves a moment in
// which a concurrent posix_spawn could inherit the descriptor (the app
// spawns nothing while it composes a frame).
int cn_platform_redirect(int from, int onto) {
    if (dup2(from, onto) < 0) return -1;
    return fcntl(onto, F_SETFD, FD_CLOEXEC) == 0 ? 0 : -1;
}

#endif

// --- The main dispatch queue, driven by the event loop's own poll. ---

#if SHOJI_LINUX_ONLY_PIECES

// libdispatch's hooks for a run loop that drives the main queue itself (what
// CoreFoundation's run loop uses on Linux). Exported by libdispatch but not
// declared in its public headers. On Darwin the handle is a Mach port, not a
// descriptor poll could wait on.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

int cn_main_queue_descriptor(void) { return _dispatch_get_main_queue_handle_4CF(); }

void cn_drain_main_queue(void) {
    // Consume the wake-up first: work enqueued while the queue drains writes
    // it again, so nothing is missed.
    uint64_t count;
    ssize_t ignored = read(_dispatch_get_main_queue_handle_4CF(), &count, sizeof(count));
    (void)ignored;
    _dispatch_main_queue_callback_4CF(0);
}

#else

// No descriptor: the event loop serves the terminal and signals with dispatch
// sources and lets dispatchMain() drain the queue.
int cn_main_queue_descriptor(void) { return -1; }

void cn_drain_main_queue(void) {}

#endif

// --- Which thread is the main one (Foundation's Thread.isMainThread, without
// Foundation). ---

#if defined(__APPLE__)
#include <pthread.h>
int cn_is_main_thread(void) { return pthread_main_np() != 0; }
#else
#include <sys/syscall.h>
int cn_is_main_thread(void) { return syscall(SYS_gettid) == getpid(); }
#endif
