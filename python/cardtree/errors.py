"""The exceptions cardtree raises.

- `Error`: the base of every error cardtree raises for a call that could not be done.
- `InputError(Error, ValueError)`: bad input (an argument out of its limits, a deal, a hand,
  a record or a table file that does not read); its message names the argument in Python's
  spelling (`iterations: 0 is not from 1 to 100000000`). Still a `ValueError`, as before.
- `FileError(Error, OSError)`: a file that could not be read or written (`errno` and
  `filename` set where the system said them).
- `Interrupted(KeyboardInterrupt)`: Ctrl-C stopped a long call (between its boards, layouts,
  games or hands). It is a `KeyboardInterrupt`, and deliberately not an `Error`: an
  `except Exception` or `except cardtree.Error` around a call never swallows Ctrl-C.
- `InternalError(Error, RuntimeError)`: a bug of cardtree, not of its input (please report it).

A wrong Python type (a string where a number goes) is Python's own `TypeError`.
"""


class Error(Exception):
    """Every error cardtree raises (but `Interrupted`, which is a `KeyboardInterrupt`)."""


class InputError(Error, ValueError):
    """Bad input: the message names the argument, or the board, line or field."""


class FileError(Error, OSError):
    """A file could not be read or written."""


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped the call; what it had done is dropped."""


class InternalError(Error, RuntimeError):
    """A bug of cardtree, not of its input."""


__all__ = ["Error", "InputError", "FileError", "Interrupted", "InternalError"]
