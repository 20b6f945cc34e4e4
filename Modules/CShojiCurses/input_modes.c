#include "shim.h"

#include <signal.h>
#include <unistd.h>

// Terminal input modes the screen switches on (bracketed paste, the kitty
// keyboard protocol). Like mouse reporting, each is remembered here so that
// every way out (quit, signals, a crash, atexit) switches it off again: a
// shell left in kitty mode gets Ctrl-C as "\e[99;5u" instead of an interrupt.

static volatile sig_atomic_t paste_on = 0;
static volatile sig_atomic_t kitty_on = 0;

static const char paste_enable[] = "\033[?2004h";
static const char paste_disable[] = "\033[?2004l";
// Push "disambiguate escape codes" (flags 1) on the terminal's stack; pop it.
static const char kitty_push[] = "\033[>1u";
static const char kitty_pop[] = "\033[<u";

static void put(const char *sequence, size_t length) {
    ssize_t ignored = write(STDOUT_FILENO, sequence, length);
    (void)ignored;
}

void cn_set_input_modes(int paste, int kitty) {
    // Remembered before a switch on and forgotten after a switch off, so a
    // signal in between still switches the mode off.
    if (paste && !paste_on) {
        paste_on = 1;
        put(paste_enable, sizeof(paste_enable) - 1);
    } else if (!paste && paste_on) {
        put(paste_disable, sizeof(paste_disable) - 1);
        paste_on = 0;
    }
    if (kitty && !kitty_on) {
        kitty_on = 1;
        put(kitty_push, sizeof(kitty_push) - 1);
    } else if (!kitty && kitty_on) {
        put(kitty_pop, sizeof(kitty_pop) - 1);
        kitty_on = 0;
    }
}

void cn_restore_input_modes_now(void) {
    if (kitty_on) {
        put(kitty_pop, sizeof(kitty_pop) - 1);
        kitty_on = 0;
    }
    if (paste_on) {
        put(paste_disable, sizeof(paste_disable) - 1);
        paste_on = 0;
    }
}
