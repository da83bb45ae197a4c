"""A small terminal emulator for the tests of the full-screen game: enough of xterm to read the
screen ncurses draws (cursor moves, erasing, repeating, scrolling regions ignored), so that a
test reads the lines a person sees, not the bytes that happened to be sent.

>>> screen = Screen(3, 10)
>>> screen.feed("\\x1b[2;3Hab\\x1b[1b\\x1b[1;1HX")
>>> screen.lines()
['X', '  abb', '']
"""

from __future__ import annotations

import codecs
import re

_CSI = re.compile(r"\x1b\[([?>=]?)([0-9;]*)([ -/]*)([@-~])")
_ESC2 = re.compile(r"\x1b[()*+][0-9A-Za-z]")            # a character set: ignored
_OSC = re.compile(r"\x1b\][^\x07\x1b]*(\x07|\x1b\\)")   # a title: ignored


class Screen:
    """``rows`` × ``columns`` cells; :meth:`feed` the terminal's output, read :meth:`lines`."""

    def __init__(self, rows: int = 24, columns: int = 80) -> None:
        self.rows, self.columns = rows, columns
        self.cells = [[" "] * columns for _ in range(rows)]
        self.row = self.col = 0
        self.saved = (0, 0)
        self.top, self.bottom = 0, rows - 1          # the scrolling region
        self.last = " "
        self.pending = ""
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def feed_bytes(self, data: bytes) -> None:
        self.feed(self.decoder.decode(data))

    def feed(self, text: str) -> None:
        text = self.pending + text
        self.pending = ""
        i = 0
        while i < len(text):
            ch = text[i]
            if ch == "\x1b":
                rest = text[i:]
                for pattern, handler in ((_CSI, self._csi), (_OSC, None), (_ESC2, None)):
                    match = pattern.match(rest)
                    if match:
                        if handler is not None:
                            handler(match)
                        i += match.end()
                        break
                else:
                    if len(rest) < 2:
                        self.pending = rest          # the rest of it comes with the next read
                        return
                    if rest.startswith("\x1b[") or rest.startswith("\x1b]"):
                        if len(rest) < 64:
                            self.pending = rest
                            return
                    self._esc(rest[1])
                    i += 2
                continue
            self._char(ch)
            i += 1

    def _char(self, ch: str) -> None:
        if ch == "\r":
            self.col = 0
        elif ch == "\n":
            if self.row == self.bottom:
                self._scroll(1)
            else:
                self.row = min(self.row + 1, self.rows - 1)
        elif ch == "\b":
            self.col = max(self.col - 1, 0)
        elif ch == "\t":
            self.col = min((self.col // 8 + 1) * 8, self.columns - 1)
        elif ch >= " " and ch != "\x7f":
            if self.col >= self.columns:
                self.col = self.columns - 1
            self.cells[self.row][self.col] = ch
            self.last = ch
            self.col += 1

    def _esc(self, ch: str) -> None:
        if ch == "7":
            self.saved = (self.row, self.col)
        elif ch == "8":
            self.row, self.col = self.saved
        elif ch == "M":
            if self.row == self.top:
                self._scroll(-1)
            else:
                self.row = max(self.row - 1, 0)

    def _scroll(self, n: int, top: int | None = None) -> None:
        """Scroll the region from ``top`` (default its top) to its bottom up ``n`` lines (down
        when ``n`` is negative)."""
        top = self.top if top is None else top
        region = self.cells[top:self.bottom + 1]
        blank = [[" "] * self.columns for _ in range(min(abs(n), len(region)))]
        region = region[len(blank):] + blank if n > 0 else blank + region[:len(region) - len(blank)]
        self.cells[top:self.bottom + 1] = region

    def _csi(self, match: re.Match[str]) -> None:
        private, params, _, final = match.groups()
        if private:
            return                               # modes (?1049h and the like): nothing drawn
        numbers = [int(p) if p else 0 for p in params.split(";")] if params else []
        n = numbers[0] if numbers and numbers[0] else 1
        row = self.cells[self.row]
        if final in "Hf":
            self.row = min(max((numbers[0] if numbers and numbers[0] else 1) - 1, 0),
                           self.rows - 1)
            self.col = min(max((numbers[1] if len(numbers) > 1 and numbers[1] else 1) - 1, 0),
                           self.columns - 1)
        elif final == "A":
            self.row = max(self.row - n, 0)
        elif final == "B":
            self.row = min(self.row + n, self.rows - 1)
        elif final == "C":
            self.col = min(self.col + n, self.columns - 1)
        elif final == "D":
            self.col = max(self.col - n, 0)
        elif final == "G":
            self.col = min(n - 1, self.columns - 1)
        elif final == "d":
            self.row = min(n - 1, self.rows - 1)
        elif final == "K":
            mode = numbers[0] if numbers else 0
            start, end = {0: (self.col, self.columns), 1: (0, self.col + 1),
                          2: (0, self.columns)}.get(mode, (0, 0))
            row[start:end] = [" "] * (end - start)
        elif final == "J":
            mode = numbers[0] if numbers else 0
            if mode in (2, 3):
                self.cells = [[" "] * self.columns for _ in range(self.rows)]
            elif mode == 0:
                row[self.col:] = [" "] * (self.columns - self.col)
                for r in range(self.row + 1, self.rows):
                    self.cells[r] = [" "] * self.columns
            elif mode == 1:
                for r in range(self.row):
                    self.cells[r] = [" "] * self.columns
                row[:self.col + 1] = [" "] * (self.col + 1)
        elif final == "X":
            end = min(self.col + n, self.columns)
            row[self.col:end] = [" "] * (end - self.col)
        elif final == "@":
            row[self.col:self.col] = [" "] * n
            del row[self.columns:]
        elif final == "P":
            del row[self.col:self.col + n]
            row.extend([" "] * (self.columns - len(row)))
        elif final == "b":
            for _ in range(n):
                self._char(self.last)
        elif final == "L":
            if self.top <= self.row <= self.bottom:
                self._scroll(-n, self.row)
        elif final == "M":
            if self.top <= self.row <= self.bottom:
                self._scroll(n, self.row)
        elif final == "S":
            self._scroll(n)
        elif final == "T":
            self._scroll(-n)
        elif final == "r":
            self.top = (numbers[0] if numbers and numbers[0] else 1) - 1
            self.bottom = (numbers[1] if len(numbers) > 1 and numbers[1] else self.rows) - 1
            self.row = self.col = 0

    def lines(self) -> list[str]:
        """The screen's rows, trailing blanks dropped."""
        return ["".join(row).rstrip() for row in self.cells]

    def text(self) -> str:
        return "\n".join(self.lines())
