#ifndef SHOJI_TEMPLATE_REHEARSAL_H
#define SHOJI_TEMPLATE_REHEARSAL_H

#include <stdbool.h>

/// While on, every job Swift enqueues on the main actor's executor (a
/// `Task { @MainActor in … }`, a main-actor continuation) is kept in a list
/// here instead of going to the main dispatch queue, whose first use opens
/// its wake-up descriptor (an eventfd) that a forked session must not share
/// with its template. Off again, jobs go to the main queue as before.
/// Main thread only.
void cpt_capture_main_jobs(bool on);

/// The oldest captured job not yet taken (an `UnownedJob`), or NULL.
void *cpt_take_main_job(void);

/// Whether this process holds an eventfd or an epoll descriptor (the main
/// dispatch queue's wake-up, an event loop's), from /proc/self/fd: a forked
/// session would share it with its template and every other session.
/// Its name in `*name` (at most `size` bytes), when there is one.
bool cpt_holds_event_descriptor(char *name, int size);

#endif
