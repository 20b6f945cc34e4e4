import Curses
print("catalog")
