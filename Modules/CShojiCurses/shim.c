#include "shim.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <term.h>
#include <termios.h>
#include <unistd.h>

int cn_wcwidth(unsigned int character) { return wcwidth((wchar_t)character); }

WINDOW *cn_stdscr(void) { return stdscr; }
WINDOW *cn_curscr(void) { return curscr; }
int cn_lines(void) { return LINES; }
int cn_cols(void) { return COLS; }
int cn_colors(void) { return COLORS; }
int cn_color_pairs(void) { return COLOR_PAIRS; }

void cn_getyx(WINDOW *win, int *y, int *x) { getyx(win, *y, *x); }

attr_t cn_a_normal(void) { return A_NORMAL; }
attr_t cn_a_bold(void) { return A_BOLD; }
attr_t cn_a_dim(void) { return A_DIM; }
attr_t cn_a_reverse(void) { return A_REVERSE; }
attr_t cn_a_underline(void) { return A_UNDERLINE; }
attr_t cn_a_altcharset(void) { return A_ALTCHARSET; }
// Older ncurses (the macOS SDK's 5.7) has no italic attribute: nothing to set.
#ifdef A_ITALIC
attr_t cn_a_italic(void) { return A_ITALIC; }
#else
attr_t cn_a_italic(void) { return 0; }
#endif

int cn_cchar_max(void) { return CCHARW_MAX; }

int cn_put_cell(WINDOW *win, int y, int x, const wchar_t *chars, int count, attr_t attrs, short pair) {
    wchar_t buffer[CCHARW_MAX + 1];
    if (count > CCHARW_MAX) count = CCHARW_MAX;
    memcpy(buffer, chars, sizeof(wchar_t) * (size_t)count);
    buffer[count] = L'\0';
    cchar_t cell;
    if (setcchar(&cell, buffer, attrs, pair, NULL) == ERR) return ERR;
    return mvwadd_wch(win, y, x, &cell);
}

// A run of cells in one call: what a row of text or a selection bar costs
// is then ncurses' own work per cell, not a call from Swift per cell.
int cn_fill_cells(WINDOW *win, int y, int x, int count, attr_t attrs, short pair) {
    wchar_t blank[2] = { L' ', L'\0' };
    cchar_t cell;
    if (count <= 0) return OK;
    if (setcchar(&cell, blank, attrs, pair, NULL) == ERR) return ERR;
    if (wmove(win, y, x) == ERR) return ERR;
    return whline_set(win, &cell, count);
}

int cn_put_ascii(WINDOW *win, int y, int x, const unsigned char *bytes, int count, attr_t attrs, short pair) {
    int last_x = getmaxx(win) - 1;
    if (count <= 0 || x > last_x) return OK;
    wchar_t one[2] = { (wchar_t)bytes[0], L'\0' };
    cchar_t cell;
    // One cell made, then only its character changed: every byte is a
    // spacing character with the same attributes and colour. The run goes
    // in with wadd_wchnstr, a copy into the line (which blanks the halves
    // of wide characters it cuts, as wadd_wch does), where wadd_wch per
    // byte cost about 250 instructions a cell: most of drawing a row.
    if (setcchar(&cell, one, attrs, pair, NULL) == ERR) return ERR;
    cchar_t cells[64];
    for (int done = 0; done < count && x + done <= last_x; ) {
        int n = count - done < 64 ? count - done : 64;
        for (int i = 0; i < n; i++) {
            cells[i] = cell;
            cells[i].chars[0] = (wchar_t)bytes[done + i];
        }
        // Cut at the right edge by wadd_wchnstr, as mvwadd_wch refused cells past it.
        if (wmove(win, y, x + done) == ERR) return OK;
        (void)wadd_wchnstr(win, cells, n);
        done += n;
    }
    // The cursor where writing cell by cell left it: after the run, or at
    // the start of the next line after the last column (not past the last line).
    int end = x + count;
    if (end <= last_x) (void)wmove(win, y, end);
    else if (y < getmaxy(win) - 1) (void)wmove(win, y + 1, 0);
    else (void)wmove(win, y, last_x);
    return OK;
}

int cn_read_cell(WINDOW *win, int y, int x, wchar_t *chars, attr_t *attrs, short *pair) {
    cchar_t cell;
    if (mvwin_wch(win, y, x, &cell) == ERR) return -1;
    if (getcchar(&cell, chars, attrs, pair, NULL) == ERR) return -1;
    return (int)wcslen(chars);
}

int cn_get_wch(WINDOW *win, unsigned int *out) {
    wint_t ch = 0;
    int status = wget_wch(win, &ch);
    *out = (unsigned int)ch;
    return status;
}

int cn_check_terminfo(const char *term, int fd) {
    int status = 0;
    TERMINAL *previous = cur_term;
    if (setupterm((char *)term, fd, &status) != OK) return 0;
    char *address = tigetstr("cup");
    int usable = !(address == NULL || address == (char *)-1);
    TERMINAL *loaded = set_curterm(previous);
    if (loaded != NULL && loaded != previous) del_curterm(loaded);
    return usable ? 1 : -1;
}

SCREEN *cn_newterm_files(const char *type, int out_fd, int in_fd) {
    FILE *out = fdopen(out_fd, "w");
    FILE *in = fdopen(in_fd, "r");
    if (out == NULL || in == NULL) return NULL;
    return newterm(type, out, in);
}

// --- Restore state: written once at start-up, read by signal handlers. ---

static struct termios saved_modes;
static int saved_fd = -1;
static volatile sig_atomic_t curses_active = 0;
static char reset_sequence[512];
static size_t reset_length = 0;

void cn_save_terminal(int fd) {
    if (tcgetattr(fd, &saved_modes) == 0) saved_fd = fd;
}

void cn_disable_flow_control(int fd) {
    struct termios modes;
    if (tcgetattr(fd, &modes) != 0) return;
    modes.c_iflag &= ~(tcflag_t)IXON;
    if (tcsetattr(fd, TCSANOW, &modes) == 0) def_prog_mode();
}

static void append_capability(const char *name) {
    char *value = tigetstr((char *)name);
    if (value == NULL || value == (char *)-1) return;
    size_t length = strlen(value);
    if (reset_length + length >= sizeof(reset_sequence)) return;
    memcpy(reset_sequence + reset_length, value, length);
    reset_length += length;
}

void cn_capture_reset_sequences(void) {
    reset_length = 0;
    append_capability("sgr0");   // attributes off
    append_capability("cnorm");  // cursor visible
    append_capability("rmkx");   // keypad back to cursor mode
    append_capability("rmcup");  // leave the alternate screen
}

static volatile sig_atomic_t mouse_reporting = 0;
static const char mouse_on[] = "\033[?1000h\033[?1002h\033[?1006h";
static const char mouse_off[] = "\033[?1006l\033[?1002l\033[?1000l";

void cn_set_mouse_reporting(int on) {
    if (on == mouse_reporting) return;
    // Remembered first when turning on, forgotten last when turning off, so
    // a signal in between still turns it off.
    if (on) mouse_reporting = 1;
    const char *sequence = on ? mouse_on : mouse_off;
    size_t length = on ? sizeof(mouse_on) - 1 : sizeof(mouse_off) - 1;
    ssize_t ignored = write(STDOUT_FILENO, sequence, length);
    (void)ignored;
    if (!on) mouse_reporting = 0;
}

void cn_set_active(bool active) { curses_active = active ? 1 : 0; }

void cn_restore_terminal_now(void) {
    cn_frame_stop_capture();
    cn_restore_input_modes_now();
    if (mouse_reporting) {
        ssize_t ignored = write(STDOUT_FILENO, mouse_off, sizeof(mouse_off) - 1);
        (void)ignored;
        mouse_reporting = 0;
    }
    if (!curses_active) return;
    curses_active = 0;
    if (reset_length > 0) {
        ssize_t ignored = write(STDOUT_FILENO, reset_sequence, reset_length);
        (void)ignored;
    }
    if (saved_fd >= 0) tcsetattr(saved_fd, TCSAFLUSH, &saved_modes);
}

static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE};
#define CRASH_SIGNAL_COUNT (sizeof(crash_signals) / sizeof(crash_signals[0]))
static struct sigaction previous_actions[CRASH_SIGNAL_COUNT];

static void crash_handler(int sig, siginfo_t *info, void *context) {
    (void)info;
    (void)context;
    cn_restore_terminal_now();
    for (size_t i = 0; i < CRASH_SIGNAL_COUNT; i++) {
        if (crash_signals[i] == sig) {
            sigaction(sig, &previous_actions[i], NULL);
            break;
        }
    }
    // A fault re-executes and reaches the previous handler; a raised signal
    // (abort) needs raising again.
    raise(sig);
}

void cn_install_crash_restore(void) {
    static int installed = 0;
    if (installed) return;
    installed = 1;
    for (size_t i = 0; i < CRASH_SIGNAL_COUNT; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof(action));
        action.sa_sigaction = crash_handler;
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&action.sa_mask);
        sigaction(crash_signals[i], &action, &previous_actions[i]);
    }
}

static void atexit_restore(void) {
    cn_frame_stop_capture();  // endwin must reach the terminal, not a frame
    if (curses_active && !isendwin()) endwin();
    cn_restore_terminal_now();
}

__attribute__((constructor)) static void register_atexit_restore(void) { atexit(atexit_restore); }

// --- Signal forwarding to the event loop. ---

static int forward_fds[NSIG];

static void forward_handler(int sig) {
    int saved_errno = errno;
    if (sig > 0 && sig < NSIG && forward_fds[sig] > 0) {
        unsigned char byte = (unsigned char)sig;
        ssize_t ignored = write(forward_fds[sig], &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}

int cn_forward_signal(int sig, int pipe_fd) {
    if (sig <= 0 || sig >= NSIG) return -1;
    forward_fds[sig] = pipe_fd;
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = forward_handler;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    return sigaction(sig, &action, NULL);
}

void cn_suspend_self(int pipe_fd) {
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(SIGTSTP, &action, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    kill(getpid(), SIGTSTP);
    // Execution continues here after SIGCONT.
    cn_forward_signal(SIGTSTP, pipe_fd);
}
