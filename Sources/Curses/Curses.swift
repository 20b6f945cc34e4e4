// Curses: the terminal layer.
