/*
 * doupdate_probe: what each frame hands ncurses' doupdate, for
 * Benchmarks/doupdate_input.py. Preloaded (LD_PRELOAD) into the app or the
 * floor, it wraps doupdate and, before the real one runs, writes one line to
 * $PROBE_LOG: the lines of newscr marked touched, the cells in their touched
 * ranges (what doupdate compares), and of those the lines and the cells that
 * differ from curscr (what it has to send). Reads ncurses' own line data
 * (struct ldat is not in curses.h; its layout is ncurses 6's), writes nothing
 * to the terminal.
 */
#define _XOPEN_SOURCE_EXTENDED 1
#define _GNU_SOURCE
#include <dlfcn.h>
#include <ncursesw/curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ldat {
    cchar_t *text;
    NCURSES_SIZE_T firstchar, lastchar, oldindex;
};

int doupdate(void) {
    static int (*real)(void);
    static FILE *log;
    if (!real) real = (int (*)(void))dlsym(RTLD_NEXT, "doupdate");
    if (!log) {
        const char *path = getenv("PROBE_LOG");
        log = fopen(path ? path : "/dev/null", "a");
        if (!log) return real();
        setvbuf(log, NULL, _IOLBF, 0);
    }
    WINDOW *next = newscr, *shown = curscr;
    long touched = 0, cells = 0, changed = 0, differing = 0;
    if (next && shown) {
        for (int y = 0; y <= next->_maxy; y++) {
            struct ldat *line = &next->_line[y];
            if (line->firstchar == _NOCHANGE) continue;
            touched++;
            cells += line->lastchar - line->firstchar + 1;
            long before = differing;
            for (int x = line->firstchar; x <= line->lastchar; x++)
                if (memcmp(&line->text[x], &shown->_line[y].text[x], sizeof(cchar_t))) differing++;
            if (differing > before) changed++;
        }
    }
    fprintf(log, "%ld %ld %ld %ld\n", touched, cells, changed, differing);
    return real();
}
