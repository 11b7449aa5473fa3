"""Reading a file someone else chose: a regular file, up to a size limit, never blocking.

Records, word lists and key files arrive from users and, on a server, from strangers.
``Path.read_text`` on such a path can hang on a named pipe (it waits for a writer), run out
of memory on ``/dev/zero`` (it never ends) or read a gigabyte before anyone looks at it.
:func:`read_regular_file` opens without blocking, refuses anything but a regular file,
and reads at most ``limit + 1`` bytes, so the worst a path can cost is ``limit`` bytes.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"),
          (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


class FileRefusedError(ValueError):
    """A path that is not a readable regular file within the size limit."""


def read_regular_file(path: str | Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path``: FileRefusedError if it is missing,
    unreadable, not a regular file (a folder, a pipe, a device) or over ``limit`` bytes."""
    # O_NONBLOCK: opening a named pipe would otherwise wait for a writer forever.  (It is
    # 0 where the platform has none; there, pipes are not opened by path anyway.)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise FileRefusedError(exc.strerror or str(exc)) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _KINDS if test(mode)), "a special file")
            raise FileRefusedError(f"not a regular file ({kind})")
        chunks: list[bytes] = []
        size = 0
        # Read to the limit rather than trust st_size: files under /proc say 0.
        while size <= limit:
            try:
                chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            except OSError as exc:
                raise FileRefusedError(exc.strerror or str(exc)) from None
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise FileRefusedError(f"larger than the limit of {describe_size(limit)}")
        return b"".join(chunks)
    finally:
        os.close(fd)


def describe_size(size: int) -> str:
    """``16 MiB``, ``64 KiB`` or ``300 bytes``, as a limit reads in a message."""
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= scale and size % scale == 0:
            return f"{size // scale} {unit}"
    return f"{size} bytes"
