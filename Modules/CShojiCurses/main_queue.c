#include "shim.h"

#include <errno.h>
#include <stdint.h>
#include <unistd.h>

// libdispatch's hooks for a run loop that drives the main queue itself (what
// CoreFoundation's run loop uses on Linux). Exported by libdispatch but not
// declared in its public headers.
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
