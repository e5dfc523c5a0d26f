"""Compile-cache files that prove themselves whole before numba loads them.

numba trusts its cache folder: a truncated data file stops every later run with a
traceback (UnpicklingError), an empty index file with click's bare "Aborted." (an
EOFError), and one changed byte of machine code can crash the interpreter. So every
cache file the engine writes starts with a mark and a checksum of the rest
(`MARK`, then a BLAKE2b digest), and a file is read only when its checksum holds.
A missing, short or changed file (or one of numba's own, without the mark) is moved
aside into the cache folder's `damaged/` folder and its function compiled again,
with a one-line note: the games come out the same, only slower this once.
Every engine function caches this way (analyzer/engine/jit.py), and so do the
Warcraft battle engines (checked_njit). A cache file that cannot be written (a full
disk, a read-only folder) is said once and the run goes on uncached.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import pickle
import sys
import uuid

import numba
from numba.core.caching import IndexDataCacheFile

MARK = b"analyzer-cache-1\n"
DIGEST_SIZE = 32
DAMAGED_FOLDER = "damaged"
_said: set[str] = set()
_MOVED = object()  # a file found damaged and moved aside (said already)


def _note(text: str) -> None:
    if text not in _said:
        _said.add(text)
        print(f"Compile cache: {text}", file=sys.stderr)


def seal(payload: bytes) -> bytes:
    """The bytes of a cache file holding `payload`: the mark, its checksum, itself."""
    return MARK + hashlib.blake2b(payload, digest_size=DIGEST_SIZE).digest() + payload


def unseal(data: bytes) -> bytes | None:
    """The payload of a cache file's bytes, or None if they are not whole."""
    head = len(MARK) + DIGEST_SIZE
    if len(data) < head or not data.startswith(MARK):
        return None
    payload = data[head:]
    digest = hashlib.blake2b(payload, digest_size=DIGEST_SIZE).digest()
    return payload if digest == data[len(MARK) : head] else None


class CheckedCacheFile(IndexDataCacheFile):
    """numba's index and data files of one function (see the module docstring)."""

    def _read(self, path: str):
        """A cache file's payload; None when it is absent. A file that is not whole
        (or cannot be read) is moved aside and said: _MOVED."""
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except FileNotFoundError:
            return None
        except OSError as exc:
            self._move_aside(path, f"cannot be read ({exc.strerror})")
            return _MOVED
        payload = unseal(data)
        if payload is None:
            if not data:
                why = "is empty"
            elif data.startswith(MARK):
                why = "is short or changed since it was written"
            else:
                why = "is not a file the analyzer wrote"
            self._move_aside(path, why)
            return _MOVED
        return payload

    def _move_aside(self, path: str, why: str) -> None:
        folder = os.path.join(self._cache_path, DAMAGED_FOLDER)
        target = os.path.join(folder, f"{os.path.basename(path)}.{uuid.uuid4().hex[:8]}")
        try:
            os.makedirs(folder, exist_ok=True)
            os.replace(path, target)
            where = f"moved it to {target}"
        except OSError:
            where = "it could not be moved, so it is left unread"
        _note(f"{os.path.basename(path)} {why}; {where}, compiling again.")

    def _load_index(self):
        payload = self._read(self._index_path)
        if payload is None or payload is _MOVED:
            return {}
        stream = io.BytesIO(payload)
        if pickle.load(stream) != self._version:
            return {}  # another numba's index: compiled again, as numba does
        stamp, overloads = pickle.loads(stream.read())
        return overloads if stamp == self._source_stamp else {}

    def _load_data(self, name):
        path = self._data_path(name)
        payload = self._read(path)
        if payload is None:  # the index names it
            _note(f"{name} is missing; compiling again.")
        if payload is None or payload is _MOVED:
            return None
        return pickle.loads(payload)

    def save(self, key, data):
        try:
            super().save(key, data)
        except OSError as exc:
            _note(f"could not write to {self._cache_path} ({exc.strerror}); this run is uncached.")

    @contextlib.contextmanager
    def _open_for_write(self, filepath):
        buffer = io.BytesIO()
        yield buffer
        with super()._open_for_write(filepath) as handle:
            handle.write(seal(buffer.getvalue()))


def check_files_of(cache) -> None:
    """Make numba's on-disk cache `cache` (a numba.core.caching.Cache) read and write
    checked files."""
    cache._cache_file = CheckedCacheFile(
        cache_path=cache._cache_path,
        filename_base=cache._impl.filename_base,
        source_stamp=cache._impl.locator.get_source_stamp(),
    )


def checked_njit(**options):
    """numba.njit(cache=True, **options), its cache files checked as above."""

    def wrap(func):
        dispatcher = numba.njit(cache=True, **options)(func)
        check_files_of(dispatcher._cache)
        return dispatcher

    return wrap
