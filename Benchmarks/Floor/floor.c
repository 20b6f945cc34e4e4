/*
 * floor: the least a curses program can do for catalog's list -> detail ->
 * back, so the benchmark can say how far the real app is from it.
 *
 *   floor N        N synthetic rows (default 1000)
 *
 * Raw wide ncurses and panels, nothing else: a one-line header, the rows, a
 * one-line footer (key hints and "n/N", or "/query  n of N" while filtering),
 * in the app's colours and attributes (so bytes compare like with like). Down/Up,
 * PgDn/PgUp move a reverse-video selection, g goes to the first row; '/' then characters filter by
 * case-insensitive substring (Enter ends editing, Esc clears); Enter opens a
 * boxed detail panel, Esc closes it; q quits. Only what changed is redrawn:
 * moving inside the page repaints two rows and the footer; scrolling or
 * filtering repaints the rows window (ncurses then sends only the
 * difference). set_escdelay(25) as in the app.
 *
 * Titles and years come from the same function of the index as the app's
 * `--generate N` (SplitMix64 finaliser), so a filter character matches the
 * same rows in both programs and the byte counts are comparable. Nothing is
 * stored per row but the filter's match list.
 */
#define _XOPEN_SOURCE_EXTENDED 1
#include <ctype.h>
#include <locale.h>
#include <ncursesw/curses.h>
#include <ncursesw/panel.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *brands[] = {"Aster", "Boreal", "Cirrus", "Dynamo", "Ember", "Fathom", "Galena", "Helix",
                               "Iris", "Juno", "Kestrel", "Lumen", "Mistral", "Nimbus", "Onyx", "Pulsar"};
static const char *variants[] = {"", " Pro", " Max", " Lite", " Mini", " Plus", " Neo", " Air"};

static uint64_t hash(long index) {
    uint64_t z = (uint64_t)index + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The title into `out` (at least 32 bytes); returns its length. No printf:
 * filtering a million rows calls this a million times. */
static size_t title_of(long index, char *out, size_t size) {
    (void)size;
    uint64_t h = hash(index);
    const char *brand = brands[h & 15], *variant = variants[(h >> 16) & 7];
    size_t n = strlen(brand);
    memcpy(out, brand, n);
    out[n++] = ' ';
    int model = (int)((h >> 8) % 99) + 1;
    if (model >= 10) out[n++] = (char)('0' + model / 10);
    out[n++] = (char)('0' + model % 10);
    size_t v = strlen(variant);
    memcpy(out + n, variant, v + 1);
    return n + v;
}

static int year_of(long index) { return 2007 + (int)((hash(index) >> 24) % 19); }

static long count;          /* rows in the data */
static long *matches;       /* filtered view: data indices; NULL when no filter */
static long match_count;
static char query[64];
static int editing;         /* the filter field has focus */
static long selected, top;  /* in the current view */
static WINDOW *header, *rows, *footer, *detail;
static PANEL *rows_panel, *header_panel, *footer_panel, *detail_panel;

static long view_count(void) { return matches ? match_count : count; }
static long source_index(long row) { return matches ? matches[row] : row; }
static int page(void) { return getmaxy(rows); }

/* Case-insensitive substring; `needle` is already lower case. */
static int contains(const char *text, size_t length, const char *needle, size_t n) {
    if (n > length) return 0;
    for (size_t start = 0; start + n <= length; start++) {
        size_t i = 0;
        while (i < n && (char)tolower((unsigned char)text[start + i]) == needle[i]) i++;
        if (i == n) return 1;
    }
    return 0;
}

/* The app's standard theme, so both programs send the same attributes:
 * selection cyan reverse bold, year dim, match yellow bold underline, header
 * white on blue bold, footer keys cyan bold. */
enum { CYAN = 1, YELLOW = 2, HEADER = 3 };
#define SELECTION (A_REVERSE | A_BOLD | COLOR_PAIR(CYAN))
#define MATCH (A_BOLD | A_UNDERLINE | COLOR_PAIR(YELLOW))
#define KEY (A_BOLD | COLOR_PAIR(CYAN))

static void draw_row(int y) {
    long row = top + y;
    int width = getmaxx(rows);
    wmove(rows, y, 0);
    if (row >= view_count()) {
        wattrset(rows, A_NORMAL);
        wclrtoeol(rows);
        return;
    }
    long index = source_index(row);
    int is_selected = row == selected;
    attr_t base = is_selected ? SELECTION : A_NORMAL;
    char title[64], year[16];
    size_t length = title_of(index, title, sizeof title);
    int year_length = snprintf(year, sizeof year, "%d", year_of(index));
    /* The filter's match highlighted inside the title. */
    size_t match = length, match_length = strlen(query);
    if (matches && match_length) {
        for (size_t start = 0; start + match_length <= length && match == length; start++)
            if (strncasecmp(title + start, query, match_length) == 0) match = start;
    }
    if (is_selected) {  /* clrtoeol would use the background, not the selection */
        mvwhline(rows, y, 0, ' ' | base, width);
        wmove(rows, y, 0);
    }
    wattrset(rows, base);
    if (match < length) {
        waddnstr(rows, title, (int)match);
        wattrset(rows, is_selected ? (SELECTION | A_UNDERLINE) : MATCH);
        waddnstr(rows, title + match, (int)match_length);
        wattrset(rows, base);
        waddstr(rows, title + match + match_length);
    } else {
        waddstr(rows, title);
    }
    if (!is_selected) wclrtoeol(rows);
    wattrset(rows, is_selected ? base : A_DIM);
    mvwaddstr(rows, y, width - year_length, year);
    wattrset(rows, A_NORMAL);
}

static void draw_rows(void) {
    for (int y = 0; y < page(); y++) draw_row(y);
}

static void key_hint(const char *key, const char *label) {
    wattrset(footer, KEY);
    waddstr(footer, key);
    wattrset(footer, A_NORMAL);
    wprintw(footer, " %s  ", label);
}

static void draw_footer(void) {
    werase(footer);
    if (editing || matches) {
        wattrset(footer, KEY);
        mvwaddstr(footer, 0, 0, "/");
        wattrset(footer, editing ? (A_BOLD | A_UNDERLINE | COLOR_PAIR(CYAN)) : A_NORMAL);
        waddstr(footer, query);
        wattrset(footer, A_DIM);
        char counts[64];
        int n = snprintf(counts, sizeof counts, "%ld of %ld", view_count(), count);
        mvwaddstr(footer, 0, getmaxx(footer) - n, counts);
        wattrset(footer, A_NORMAL);
    } else {
        wmove(footer, 0, 0);
        key_hint("Down/PgDn", "move");
        key_hint("/", "filter");
        key_hint("Enter", "open");
        key_hint("q", "quit");
        char position[64];
        int n = snprintf(position, sizeof position, "%ld/%ld", view_count() ? selected + 1 : 0, view_count());
        wattrset(footer, A_DIM);
        mvwaddstr(footer, 0, getmaxx(footer) - n, position);
        wattrset(footer, A_NORMAL);
    }
}

static void select_row(long row) {
    long n = view_count();
    if (row > n - 1) row = n - 1;
    if (row < 0) row = 0;
    long old = selected;
    selected = row;
    if (selected < top || selected >= top + page()) {
        top = selected < top ? selected : selected - page() + 1;
        draw_rows();
    } else {
        draw_row((int)(old - top));
        draw_row((int)(selected - top));
    }
    draw_footer();
}

static void apply_query(void) {
    if (!*query) {
        free(matches);
        matches = NULL;
    } else {
        long *next = malloc(sizeof(long) * (size_t)(count ? count : 1));
        long n = 0;
        char title[64], needle[64];
        size_t needle_length = strlen(query);
        for (size_t i = 0; i <= needle_length; i++) needle[i] = (char)tolower((unsigned char)query[i]);
        /* Incremental: another character can only narrow the last matches. */
        long candidates = matches ? match_count : count;
        for (long i = 0; i < candidates; i++) {
            long index = matches ? matches[i] : i;
            size_t length = title_of(index, title, sizeof title);
            if (contains(title, length, needle, needle_length)) next[n++] = index;
        }
        free(matches);
        matches = next;
        match_count = n;
    }
    selected = top = 0;
    draw_rows();
    draw_footer();
}

/* The item's record, from the same hash bits as the app's GeneratedItems. */
static void open_detail(void) {
    if (view_count() == 0) return;
    static const char *chips[] = {"", " Bionic", " Pro", " Fusion"};
    static const int storage[] = {16, 32, 64, 128, 256};
    long index = source_index(selected);
    uint64_t h = hash(index);
    int options = (int)((h >> 52) % 3) + 2, base = storage[(h >> 49) % 5], tenths = 40 + (int)((h >> 43) % 30);
    int height = 14, width = COLS - 8 < 72 ? COLS - 8 : 72;
    detail = newwin(height, width, (LINES - height) / 2, (COLS - width) / 2);
    wattrset(detail, COLOR_PAIR(CYAN));
    box(detail, 0, 0);
    wattrset(detail, A_BOLD | COLOR_PAIR(CYAN));
    char title[64], sizes[64] = "";
    title_of(index, title, sizeof title);
    for (int i = 0; i < options; i++)
        snprintf(sizes + strlen(sizes), sizeof sizes - strlen(sizes), "%s%d GB", i ? ", " : "", base << i);
    mvwprintw(detail, 0, 2, " %s ", title);
    wattrset(detail, A_NORMAL);
    mvwprintw(detail, 2, 2, "Id            item-%ld", index + 1);
    mvwprintw(detail, 3, 2, "Announced     %d-%02d-%02d", year_of(index), (int)((h >> 29) % 12) + 1,
              (int)((h >> 33) % 28) + 1);
    mvwprintw(detail, 4, 2, "Chip          Q%d%s", (int)((h >> 38) % 17) + 4, chips[(h >> 60) & 3]);
    mvwprintw(detail, 5, 2, "Display       %d.%d in", tenths / 10, tenths % 10);
    mvwprintw(detail, 6, 2, "Storage       %s", sizes);
    mvwprintw(detail, 7, 2, "Launch price  $%d", 299 + 50 * (int)((h >> 54) % 25));
    mvwprintw(detail, 9, 2, "Synthetic item %ld of %ld, generated for measuring", index + 1, count);
    mvwprintw(detail, 11, 2, "Esc closes this panel");
    detail_panel = new_panel(detail);
}

static void close_detail(void) {
    del_panel(detail_panel);
    delwin(detail);
    detail_panel = NULL;
    detail = NULL;
}

int main(int argc, char **argv) {
    count = argc > 1 ? atol(argv[1]) : 1000;
    setlocale(LC_ALL, "");
    initscr();
    cbreak();
    noecho();
    nonl();
    curs_set(0);
    set_escdelay(25);

    header = newwin(1, COLS, 0, 0);
    rows = newwin(LINES - 2, COLS, 1, 0);
    footer = newwin(1, COLS, LINES - 1, 0);
    keypad(rows, TRUE);
    header_panel = new_panel(header);
    rows_panel = new_panel(rows);
    footer_panel = new_panel(footer);
    start_color();
    use_default_colors();
    init_pair(CYAN, COLOR_CYAN, -1);
    init_pair(YELLOW, COLOR_YELLOW, -1);
    init_pair(HEADER, COLOR_WHITE, COLOR_BLUE);
    wbkgdset(header, ' ' | A_BOLD | COLOR_PAIR(HEADER));
    werase(header);
    mvwprintw(header, 0, 0, " floor: %ld rows", count);
    draw_rows();
    draw_footer();
    update_panels();
    doupdate();

    for (;;) {
        wint_t key;
        int status = wget_wch(rows, &key);
        if (status == ERR) continue;
        int function = status == KEY_CODE_YES;
        if (detail) {
            if (!function && key == 27) close_detail();
            else if (!function && key == 'q') break;
        } else if (editing) {
            if (!function && key == 27) {
                editing = 0;
                *query = 0;
                apply_query();
            } else if (!function && (key == '\r' || key == '\n')) {
                editing = 0;
                draw_footer();
            } else if (function && key == KEY_DOWN) select_row(selected + 1);
            else if (function && key == KEY_NPAGE) select_row(selected + page());
            else if ((function && key == KEY_BACKSPACE) || (!function && (key == 127 || key == 8))) {
                size_t n = strlen(query);
                if (n) query[n - 1] = 0;
                free(matches);
                matches = NULL;
                apply_query();
            } else if (!function && key >= 32 && key < 127 && strlen(query) < sizeof query - 1) {
                size_t n = strlen(query);
                query[n] = (char)key;
                query[n + 1] = 0;
                apply_query();
            }
        } else if (function) {
            if (key == KEY_DOWN) select_row(selected + 1);
            else if (key == KEY_UP) select_row(selected - 1);
            else if (key == KEY_NPAGE) select_row(selected + page());
            else if (key == KEY_PPAGE) select_row(selected - page());
            else if (key == KEY_ENTER) open_detail();
        } else if (key == 'q') break;
        else if (key == 'g') select_row(0);
        else if (key == '\r' || key == '\n') open_detail();
        else if (key == '/') {
            editing = 1;
            draw_footer();
        } else if (key == 27 && matches) {
            *query = 0;
            apply_query();
        }
        update_panels();
        doupdate();
    }
    endwin();
    free(matches);
    return 0;
}
