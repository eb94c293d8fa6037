"""{{TITLE}}: a starter bot for Tabula, in Python.

Each turn it reads the statement's input into plain data (read_init, read_turn) and answers one
legal move (choose). Make it play better in choose. Keep stdout for answers: debug() prints to
stderr, which the replay shows.
"""
import sys
from dataclasses import dataclass


def debug(*values):
    print(*values, file=sys.stderr, flush=True)


def read_line():
    """The next line of input. The input ends when the game is over: then the bot exits."""
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)
    return line.rstrip("\n")


def read_int():
    return int(read_line())


def read_ints():
    return [int(word) for word in read_line().split()]


def read_lines(count):
    return [read_line() for _ in range(count)]


{{GAME_CODE}}


def main():
    init = read_init()
    while True:
        turn = read_turn(init)
        if turn is None:  # the bot saw the end of the game by itself
            return
        # One line per answer, flushed at once: the referee's clock runs until it arrives.
        print(choose(init, turn), flush=True)


if __name__ == "__main__":
    main()
