#include "shim.h"

#include <errno.h>
#include <limits.h>
#include <string.h>
#include <term.h>
#include <unistd.h>

// Grapheme clusters written whole.
//
// setcchar keeps a cell's first character and the non-spacing ones after it,
// so an emoji ZWJ sequence (👨‍👩‍👧: three spacing emoji joined by U+200D)
// or a skin tone (👍🏽) was cut to its first picture and the terminal drew
// the rest somewhere else. cn_put_cluster fills the cell's characters itself:
// ncurses writes every character a cell holds, and measures the cell by its
// first (wcwidth). A cluster that does not fit a cell (more than CCHARW_MAX
// characters) or whose first character wcwidth measures other than the
// cluster (✈️, 1️⃣, 🇯🇵: one column alone, two as a picture) is written after
// the frame by cn_overlay_cluster, over a placeholder of the right width.

int cn_put_cluster(WINDOW *win, int y, int x, const wchar_t *chars, int count, attr_t attrs, short pair) {
    if (count <= 0 || count > CCHARW_MAX) return ERR;
    wchar_t first[2] = { chars[0], L'\0' };
    cchar_t cell;
    if (setcchar(&cell, first, attrs, pair, NULL) == ERR) return ERR;
    for (int i = 1; i < count; i++) cell.chars[i] = chars[i];
    for (int i = count; i < CCHARW_MAX; i++) cell.chars[i] = L'\0';
    return mvwadd_wch(win, y, x, &cell);
}

static char overlay_bytes[1024];
static size_t overlay_count = 0;

static int overlay_putc(int byte) {
    if (overlay_count < sizeof overlay_bytes) overlay_bytes[overlay_count++] = (char)byte;
    return byte;
}

static void overlay_move(int y, int x) {
    // tigetstr takes a non-const name in older ncurses.
    char *cup = tigetstr((char *)"cup");
    if (cup == 0 || cup == (char *)-1) return;
    tputs(tiparm(cup, y, x), 1, overlay_putc);
}

static int overlay_flush(int fd) {
    size_t done = 0;
    while (done < overlay_count) {
        ssize_t written = write(fd, overlay_bytes + done, overlay_count - done);
        if (written < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        done += (size_t)written;
    }
    overlay_count = 0;
    return 0;
}

int cn_overlay_cluster(int fd, int y, int x, const wchar_t *chars, int count, attr_t attrs, short pair) {
    overlay_count = 0;
    // Placed absolutely, so whatever width the terminal gave the cluster
    // before, this one starts where the model says.
    overlay_move(y, x);
    vid_puts(attrs, pair, NULL, overlay_putc);
    mbstate_t state;
    memset(&state, 0, sizeof state);
    char encoded[MB_LEN_MAX];
    for (int i = 0; i < count; i++) {
        size_t length = wcrtomb(encoded, chars[i], &state);
        if (length == (size_t)-1) continue;
        for (size_t j = 0; j < length; j++) overlay_putc((unsigned char)encoded[j]);
    }
    // ncurses ends each frame in normal attributes and believes so still.
    vid_puts(A_NORMAL, 0, NULL, overlay_putc);
    return overlay_flush(fd);
}

int cn_overlay_end(int fd, int y, int x) {
    overlay_count = 0;
    overlay_move(y, x);
    return overlay_flush(fd);
}

void cn_getbegyx(WINDOW *win, int *y, int *x) { getbegyx(win, *y, *x); }
