#pragma once
#include <ncursesw/curses.h>
#include <ncursesw/panel.h>
