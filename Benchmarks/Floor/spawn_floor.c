/*
 * spawn_floor: the least a program can do to run another one and read it,
 * so the benchmark can say how far ShojiTools' `Tool.run()` is from it.
 *
 *   spawn_floor N PROGRAM [ARG...]
 *
 * N times, one after the other: a pipe for standard output, posix_spawn of
 * PROGRAM (standard input from /dev/null, stdout into the pipe), the pipe
 * read to its end, waitpid for the status. Each run is timed from before
 * the pipe to after waitpid; prints the median, in microseconds, and the
 * bytes each run read ("median_us=... bytes=...").
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: spawn_floor N PROGRAM [ARG...]\n");
        return 64;
    }
    int runs = atoi(argv[1]);
    double *times = calloc(runs, sizeof *times);
    static char buffer[65536];
    long bytes = 0;
    for (int i = 0; i < runs; i++) {
        double start = now_us();
        int out[2];
        if (pipe2(out, O_CLOEXEC) != 0) { perror("pipe"); return 1; }
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_adddup2(&actions, out[1], 1);
        pid_t pid;
        int failed = posix_spawn(&pid, argv[2], &actions, NULL, argv + 2, environ);
        posix_spawn_file_actions_destroy(&actions);
        close(out[1]);
        if (failed) { fprintf(stderr, "spawn_floor: %s: %s\n", argv[2], strerror(failed)); return 1; }
        bytes = 0;
        ssize_t n;
        while ((n = read(out[0], buffer, sizeof buffer)) > 0) bytes += n;
        close(out[0]);
        int status;
        while (waitpid(pid, &status, 0) < 0) {}
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) { fprintf(stderr, "spawn_floor: status %d\n", status); return 1; }
        times[i] = now_us() - start;
    }
    qsort(times, runs, sizeof *times, compare);
    printf("median_us=%.1f bytes=%ld\n", times[runs / 2], bytes);
    return 0;
}
