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
// the rest somewhere else. A cluster ncurses cannot hold as the model
// measures it (more than CCHARW_MAX characters, a spacing one after the
// first, or a first one wcwidth measures narrower than the cluster: ✈️, 1️⃣,
// 🇯🇵) is drawn into curses as a placeholder of its width and written after
// the frame by cn_overlay_cluster, which places it, and the rest of its row,
// by absolute cursor address.

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

static void overlay_characters(const wchar_t *chars, int count) {
    mbstate_t state;
    memset(&state, 0, sizeof state);
    char encoded[MB_LEN_MAX];
    for (int i = 0; i < count && chars[i] != L'\0'; i++) {
        size_t length = wcrtomb(encoded, chars[i], &state);
        if (length == (size_t)-1) continue;
        for (size_t j = 0; j < length; j++) overlay_putc((unsigned char)encoded[j]);
    }
}

int cn_overlay_cluster(int fd, int y, int x, const wchar_t *chars, int count, attr_t attrs, short pair,
                       int width, int end) {
    overlay_count = 0;
    // Placed absolutely, so whatever width the terminal gave what came
    // before, this cluster starts where the model says.
    overlay_move(y, x);
    vid_puts(attrs, pair, NULL, overlay_putc);
    overlay_characters(chars, count);
    // Then the rest of the row up to `end` (the next such cluster, or the
    // edge) again from the composed screen, from where the model ends the
    // cluster: a terminal that drew it wider covered those cells, one that
    // drew it narrower would have drawn them a column early.
    overlay_move(y, x + width);
    attr_t current = attrs;
    short current_pair = pair;
    wchar_t cell_chars[CCHARW_MAX + 1];
    int column = x + width;
    while (column < end) {
        cchar_t cell;
        attr_t cell_attrs = 0;
        short cell_pair = 0;
        if (mvwin_wch(curscr, y, column, &cell) == ERR) break;
        if (getcchar(&cell, cell_chars, &cell_attrs, &cell_pair, NULL) == ERR) break;
        cell_attrs &= ~A_COLOR;
        if (cell_attrs != current || cell_pair != current_pair) {
            vid_puts(cell_attrs, cell_pair, NULL, overlay_putc);
            current = cell_attrs;
            current_pair = cell_pair;
        }
        if (cell_chars[0] == L'\0') {
            overlay_putc(' ');
            column += 1;
            continue;
        }
        overlay_characters(cell_chars, CCHARW_MAX);
        int cell_width = wcwidth(cell_chars[0]);
        column += cell_width > 0 ? cell_width : 1;
        if (overlay_count + 64 > sizeof overlay_bytes) {
            if (overlay_flush(fd) < 0) return -1;
        }
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
