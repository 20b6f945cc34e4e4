#ifndef SHOJI_EVENT_DESCRIPTORS_H
#define SHOJI_EVENT_DESCRIPTORS_H

#include <stdbool.h>

/// Whether this process holds an eventfd or an epoll descriptor (the main
/// dispatch queue's wake-up, an event loop's), from /proc/self/fd: a forked
/// session would share it with its template and every other session.
/// Its name in `*name` (at most `size` bytes), when there is one.
bool cpt_holds_event_descriptor(char *name, int size);

#endif
