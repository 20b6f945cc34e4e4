#include "shim.h"

#include <signal.h>
#include <unistd.h>

// Terminal input modes the screen switches on (bracketed paste, the kitty
// keyboard protocol). Like mouse reporting, each is remembered here so that
// every way out (quit, signals, a crash, atexit) switches it off again: a
// shell left in kitty mode gets Ctrl-C as "\e[99;5u" instead of an interrupt.

static volatile sig_atomic_t paste_on = 0;
static volatile sig_atomic_t kitty_on = 0;
static volatile sig_atomic_t clusters_on = 0;

static const char paste_enable[] = "\033[?2004h";
static const char paste_disable[] = "\033[?2004l";
// Push "disambiguate escape codes" (flags 1) on the terminal's stack; pop it.
static const char kitty_push[] = "\033[>1u";
static const char kitty_pop[] = "\033[<u";
// Grapheme cluster segmentation (mode 2027): clusters at their Unicode widths.
static const char clusters_enable[] = "\033[?2027h";
static const char clusters_disable[] = "\033[?2027l";

static void put(const char *sequence, size_t length) {
    ssize_t ignored = write(STDOUT_FILENO, sequence, length);
    (void)ignored;
}

// Remembered before a switch on and forgotten after a switch off, so a
// signal in between still switches the mode off.
static void set_mode(volatile sig_atomic_t *flag, int on, const char *enable, size_t enable_length,
                     const char *disable, size_t disable_length) {
    if (on && !*flag) {
        *flag = 1;
        put(enable, enable_length);
    } else if (!on && *flag) {
        put(disable, disable_length);
        *flag = 0;
    }
}

void cn_set_input_modes(int paste, int kitty, int clusters) {
    set_mode(&paste_on, paste, paste_enable, sizeof(paste_enable) - 1, paste_disable, sizeof(paste_disable) - 1);
    set_mode(&kitty_on, kitty, kitty_push, sizeof(kitty_push) - 1, kitty_pop, sizeof(kitty_pop) - 1);
    set_mode(&clusters_on, clusters, clusters_enable, sizeof(clusters_enable) - 1, clusters_disable,
             sizeof(clusters_disable) - 1);
}

void cn_restore_input_modes_now(void) {
    cn_set_input_modes(0, 0, 0);
}
