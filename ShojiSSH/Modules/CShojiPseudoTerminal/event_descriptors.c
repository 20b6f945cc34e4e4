#include "event_descriptors.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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

