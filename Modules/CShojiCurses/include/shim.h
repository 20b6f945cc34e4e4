// The C face of ncursesw + panelw for Swift 6.
//
// Swift cannot read C globals under strict concurrency and does not import
// function-like macros or variadic functions, so everything ShojiCurses
// (Sources/ShojiCurses) needs from ncurses that is not a plain function is
// re-exported here as one.
//
// Every function here starts with `cn_` (for "C, ncurses"): a name of this
// shim never collides with ncurses' own (`cn_stdscr()` beside the global
// `stdscr`), and a call from Swift reads as a call into the shim. Only
// ShojiCurses calls them; everything above it sees Swift types.
#pragma once

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#if defined(__APPLE__)
// The SDK's ncurses: wide characters are in its one library (there is no
// ncursesw), declared only under _XOPEN_SOURCE_EXTENDED. Its headers are the
// ones the Darwin module already holds, so no second copy (Homebrew's) can
// clash with them.
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <curses.h>
#include <panel.h>
#else
#include <ncursesw/curses.h>
#include <ncursesw/panel.h>
#endif
#include <wchar.h>
#include <stdbool.h>

/// wcwidth(3) under the current LC_CTYPE: the columns a character takes.
int cn_wcwidth(unsigned int character);

// Globals.
WINDOW *cn_stdscr(void);
WINDOW *cn_curscr(void);
int cn_lines(void);
int cn_cols(void);
int cn_colors(void);
int cn_color_pairs(void);

// Macros.
void cn_getyx(WINDOW *win, int *y, int *x);

// Attribute bits (macros built from NCURSES_BITS).
attr_t cn_a_normal(void);
attr_t cn_a_bold(void);
attr_t cn_a_dim(void);
attr_t cn_a_reverse(void);
attr_t cn_a_underline(void);
attr_t cn_a_altcharset(void);
attr_t cn_a_italic(void);

// Cell access: setcchar/getcchar need arrays sized by CCHARW_MAX.
int cn_cchar_max(void);
int cn_put_cell(WINDOW *win, int y, int x, const wchar_t *chars, int count, attr_t attrs, short pair);
/// `count` blank cells from (y, x) in `attrs` and `pair` (a selection bar).
int cn_fill_cells(WINDOW *win, int y, int x, int count, attr_t attrs, short pair);
/// `count` printable ASCII bytes from (y, x), a cell each, in `attrs` and `pair`.
int cn_put_ascii(WINDOW *win, int y, int x, const unsigned char *bytes, int count, attr_t attrs, short pair);
/// Writes a cluster to `fd` (ncurses' output) after a frame: the cursor to
/// (y, x) of the screen, `attrs` and `pair`, the characters; then the cursor
/// to x + width and the composed screen's cells from there up to `end`
/// again; normal attributes at the end. `cn_overlay_end` puts the cursor
/// back at (y, x), where ncurses left it.
int cn_overlay_cluster(int fd, int y, int x, const wchar_t *chars, int count, attr_t attrs, short pair,
                       int width, int end);
int cn_overlay_end(int fd, int y, int x);
/// Where `win` starts on the screen.
void cn_getbegyx(WINDOW *win, int *y, int *x);
/// Reads the cell at (y, x) of `win`; fills `chars` (CCHARW_MAX + 1 slots,
/// NUL-terminated) and returns the number of characters, or -1.
int cn_read_cell(WINDOW *win, int y, int x, wchar_t *chars, attr_t *attrs, short *pair);

// Input.
/// wget_wch: returns OK for a character, KEY_CODE_YES for a function key, ERR.
int cn_get_wch(WINDOW *win, unsigned int *out);

/// Loads the terminfo entry for `term` without starting curses: returns 1 when
/// it exists and can address the cursor, 0 when unknown, -1 when it cannot
/// address the cursor (e.g. `dumb`).
int cn_check_terminfo(const char *term, int fd);

// A curses screen over two descriptors (the real terminal's).
SCREEN *cn_newterm_files(const char *type, int out_fd, int in_fd);

// Terminal restore on every exit path.
/// Saves the terminal modes of `fd` as the state to restore (call before newterm).
void cn_save_terminal(int fd);
/// Turns off XON/XOFF flow control on `fd` (so Ctrl-S and Ctrl-Q arrive as
/// keys instead of freezing the output) and records it as curses' program
/// mode; `endwin` and the restore paths bring back the saved shell modes.
void cn_disable_flow_control(int fd);
/// Captures the terminfo strings that undo full-screen mode (call after newterm).
void cn_capture_reset_sequences(void);
/// Installs handlers for SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT and SIGFPE that
/// restore the terminal (write(2) + tcsetattr only) and then hand the signal
/// to the handler that was there before (Swift's backtracer).
void cn_install_crash_restore(void);
/// Restores the terminal using only async-signal-safe calls.
void cn_restore_terminal_now(void);
/// Turns the terminal's mouse reporting (xterm 1000/1002 in SGR 1006 form) on
/// or off by writing to stdout, and remembers it so that every restore path
/// (crash, atexit) turns it off again.
void cn_set_mouse_reporting(int on);
/// Marks curses as active/inactive so restore paths know whether to act.
void cn_set_active(bool active);

// Signals forwarded to the event loop through a self-pipe.
/// Installs a handler for `sig` that writes its number to `pipe_fd`.
int cn_forward_signal(int sig, int pipe_fd);
/// Stops the process with SIGTSTP's default action and, once continued,
/// re-installs the forwarding handler for SIGTSTP.
void cn_suspend_self(int pipe_fd);

// The platform seam (platform.c): the Linux-only pieces and their POSIX
// fallbacks, taken on macOS and wherever SHOJI_PORTABLE is defined.
/// The descriptor that becomes readable when the main dispatch queue has
/// work, or -1 where there is none (then dispatchMain() drives the queue).
int cn_main_queue_descriptor(void);
/// Runs the work waiting on the main dispatch queue (main thread only, never
/// from inside a block the main queue is running). Nothing where
/// `cn_main_queue_descriptor` is -1.
void cn_drain_main_queue(void);
/// A new close-on-exec file to compose frames in (a memfd, else an unlinked
/// temporary file), or -1.
int cn_platform_frame_file(void);
/// "memfd" or "tmpfile": which frame file this build composes in.
const char *cn_platform_frame_file_kind(void);
/// Points `onto` at `from`'s file, close-on-exec (dup3, else dup2 and
/// fcntl); 0, or -1. Async-signal-safe.
int cn_platform_redirect(int from, int onto);
/// 1 on the process's main thread, else 0 (what Thread.isMainThread says,
/// without Foundation).
int cn_is_main_thread(void);

// One write per frame (frame_output.c).
#include <sys/uio.h>
/// Points `curses_fd` (the descriptor ncurses writes to) at an in-memory file
/// until the frame ends; `terminal_fd` is where it points back to. -1 when it
/// cannot (the frame then goes straight to the terminal).
int cn_frame_begin(int curses_fd, int terminal_fd);
/// Points ncurses' descriptor back at the terminal (async-signal-safe; the
/// restore paths call it).
void cn_frame_stop_capture(void);
/// Ends the frame: `*bytes` points at what ncurses wrote (valid until the
/// next frame); returns the count, or -1 on failure.
long cn_frame_end(const unsigned char **bytes);
/// Writes every part to `fd`, resuming after partial writes.
int cn_write_all(int fd, const struct iovec *parts, int count);

// Input modes switched off on every exit path (input_modes.c).
/// Turns bracketed paste, the kitty keyboard protocol (flags 1) and grapheme
/// cluster segmentation (mode 2027) on or off by writing to stdout, and
/// remembers them so every restore path (crash, atexit, signals) switches
/// them off again.
void cn_set_input_modes(int paste, int kitty, int clusters);
/// Switches them off now (async-signal-safe; the restore paths call it).
void cn_restore_input_modes_now(void);

// --- Running another program in the terminal's foreground (foreground.c). ---

/// Ignores SIGINT, SIGQUIT and SIGTSTP (ignore != 0) while a child has the
/// terminal, or forwards them to `pipe_fd` again (ignore == 0).
void cn_foreground_ignore_job_signals(int ignore, int pipe_fd);
/// Spawns `file` (searched in PATH) with `argv` and the app's environment in
/// a process group of its own, given the foreground of `terminal_fd` when it
/// is a terminal (-1: none). 0 and the child's id in `pid_out`, else an errno.
int cn_foreground_spawn(const char *file, char *const argv[], int terminal_fd, int *pid_out);
/// Waits for the child to end (a stop suspends the app with it; `fg`
/// continues both), takes the terminal back, and stores the wait status.
/// 0, or -1 with errno set.
int cn_foreground_wait(int pid, int terminal_fd, int *status_out);
