#include "template_rehearsal.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// The Swift runtime's hook on swift_task_enqueueMainExecutor (libswift_Concurrency's
// ConcurrencyHooks.def): called with the job and the original enqueue, in
// Swift's calling convention.
typedef __attribute__((swiftcall)) void (*cpt_enqueue_original)(void *job);
typedef __attribute__((swiftcall)) void (*cpt_enqueue_hook)(void *job, cpt_enqueue_original original);
extern cpt_enqueue_hook swift_task_enqueueMainExecutor_hook;

static void **jobs;
static size_t job_count, job_capacity, job_next;

__attribute__((swiftcall)) static void capture(void *job, cpt_enqueue_original original) {
    if (job_count == job_capacity) {
        size_t capacity = job_capacity ? job_capacity * 2 : 64;
        void **grown = realloc(jobs, capacity * sizeof *jobs);
        // Out of memory: the job goes to the main queue, as without the hook.
        if (grown == NULL) {
            original(job);
            return;
        }
        jobs = grown;
        job_capacity = capacity;
    }
    jobs[job_count++] = job;
}

void cpt_capture_main_jobs(bool on) {
    swift_task_enqueueMainExecutor_hook = on ? capture : NULL;
}

void *cpt_take_main_job(void) {
    if (job_next == job_count) {
        job_next = job_count = 0;
        return NULL;
    }
    return jobs[job_next++];
}

bool cpt_holds_event_descriptor(char *name, int size) {
    DIR *descriptors = opendir("/proc/self/fd");
    if (descriptors == NULL) return false;
    bool found = false;
    struct dirent *entry;
    while (!found && (entry = readdir(descriptors)) != NULL) {
        if (entry->d_name[0] == '.') continue;
        char path[64], target[64];
        snprintf(path, sizeof path, "/proc/self/fd/%s", entry->d_name);
        ssize_t length = readlink(path, target, sizeof target - 1);
        if (length <= 0) continue;
        target[length] = 0;
        if (strcmp(target, "anon_inode:[eventfd]") == 0 || strcmp(target, "anon_inode:[eventpoll]") == 0) {
            snprintf(name, (size_t)size, "%s (descriptor %s)", target, entry->d_name);
            found = true;
        }
    }
    closedir(descriptors);
    return found;
}

