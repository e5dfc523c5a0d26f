"""Output folders that never lose a user's file.

Every command that writes files goes through an OutputFolder:

- Before any game is played, `check()` looks at the target: it must be a folder (or
  not exist yet) that this analyzer may write in. A file there that the analyzer did
  not write is the user's: a command refuses such a folder (exit code 2), or, with
  `--force`, writes beside those files without touching them. A user's file with the
  name of one the command writes is never replaced, not even with `--force`.
- What the analyzer wrote is listed, with a hash of each file, in the folder's
  manifest (`.analyzer-output.json`). A listed file whose bytes have changed since is
  the user's again.
- Files are staged in a hidden folder inside the target and moved in together at the
  end, with the stop signals held, so the folder changes all at once or not at all.
  Files of an earlier run that this run does not write again are removed with it:
  they would contradict the new ones.
- A folder created for a run that then fails or is stopped is removed again, and so
  is the staging folder. A staging folder left by a killed run (its process gone) is
  removed by the next run that writes there.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import shutil
import signal
import uuid
from collections.abc import Iterable, Iterator
from pathlib import Path

from analyzer.errors import InputError, Problem

MANIFEST = ".analyzer-output.json"
STAGING_PREFIX = ".analyzer-tmp-"
CLI = "command line"
# Stop signals held while staged files move in: a stop then waits for the move.
HELD_SIGNALS = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}


class OutputFolder:
    """A folder this analyzer writes files into (see the module docstring).

    exclusive: the folder is the command's own (a study's, a report's): any file of
    the user's in it is refused unless `force`. Not exclusive (simulate's Parquet
    folder): only the names the command writes are checked.
    """

    def __init__(self, path, *, force: bool = False, exclusive: bool = True, key: str = "--out"):
        self.path = Path(path)
        self.force = force
        self.exclusive = exclusive
        self.key = key
        self._created: list[Path] = []  # folders this run made, deepest last

    # ------------------------------------------------------------- checking
    def check(self, names: Iterable[str] = ()) -> set[str]:
        """InputError if the folder cannot take this command's files `names` (paths
        relative to the folder); nothing is created or changed. Returns the analyzer's
        own files there, as they were checked."""
        self._check_path()
        if self.path.is_dir():
            return self._check_contents(list(names))
        return set()

    def _problem(self, message: str) -> InputError:
        return InputError(Problem(CLI, self.key, str(self.path), message))

    def _check_path(self) -> None:
        path = self.path
        if path.exists() and not path.is_dir():
            raise self._problem(
                "this is a file, not a folder; the analyzer never replaces or hides a "
                "file of yours: name a folder (new or one it wrote before)"
            )
        # The nearest existing folder above must be a folder we can create things in.
        probe = path
        while not probe.exists():
            if probe.parent == probe:
                break
            probe = probe.parent
        if probe.exists() and not probe.is_dir():
            raise self._problem(f"{probe} is a file, so no folder can be made inside it")
        if probe.exists() and not os.access(probe, os.W_OK | os.X_OK):
            raise self._problem(f"no permission to write in {probe}")

    def _check_contents(self, names: list[str]) -> set[str]:
        manifest = self.read_manifest()
        ours = self._own_files(manifest)
        foreign = []
        for entry in sorted(os.listdir(self.path)):
            if entry == MANIFEST or self._is_staging(entry):
                continue
            if self.exclusive and not self._is_ours(entry, ours, manifest):
                foreign.append(entry)
        clashes = [n for n in names if (self.path / n).exists() and n not in ours]
        if clashes:
            which = ", ".join(sorted(clashes)[:10])
            raise self._problem(
                f"it holds {which}, which this command would write but which the analyzer "
                "did not write there (or which changed since): it is never replaced, not even "
                "with --force; move it away or name another folder"
            )
        if foreign and not self.force:
            more = f" and {len(foreign) - 8} more" if len(foreign) > 8 else ""
            shown = ", ".join(foreign[:8]) + more
            older = (
                ""
                if (self.path / MANIFEST).exists()
                else " (if this is the output of an older version of the analyzer, which "
                "kept no list of its files, delete the folder first)"
            )
            raise self._problem(
                f"this folder holds files the analyzer did not write ({shown}); it never "
                "deletes or replaces them: name a new or empty folder, or add --force to write "
                f"its own files beside them{older}"
            )
        return ours

    def _is_ours(self, entry: str, ours: set[str], manifest: dict) -> bool:
        if entry in ours:
            return True
        if entry in manifest["folders"]:  # a sub-study's folder, checked on its own
            return True
        # A sub-folder made for own files (bots/heuristic-vs-random/...).
        prefix = entry + "/"
        return any(name.startswith(prefix) for name in ours) and not any(
            self._foreign_below(self.path / entry, entry, ours)
        )

    def _foreign_below(self, folder: Path, rel: str, ours: set[str]) -> Iterator[str]:
        for child in folder.iterdir():
            name = f"{rel}/{child.name}"
            if child.is_dir():
                yield from self._foreign_below(child, name, ours)
            elif name not in ours:
                yield name

    # ------------------------------------------------------------- manifest
    def read_manifest(self) -> dict:
        path = self.path / MANIFEST
        empty = {"files": {}, "folders": []}
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return empty
        if not isinstance(data, dict):
            return empty
        files = data.get("files", {})
        folders = data.get("folders", [])
        if not isinstance(files, dict) or not isinstance(folders, list):
            return empty
        return {"files": files, "folders": [str(f) for f in folders]}

    def _own_files(self, manifest: dict) -> set[str]:
        """Listed files still as the analyzer left them (a changed one is the user's)."""
        out = set()
        for name, hashes in manifest["files"].items():
            path = self.path / name
            if path.is_file() and file_hash(path) in (hashes or []):
                out.add(name)
        return out

    def _write_manifest(self, files: dict[str, list[str]], folders: list[str]) -> None:
        data = {
            "about": "Files the Small World analyzer wrote in this folder; it replaces only "
            "these, and only while their content is unchanged.",
            "files": dict(sorted(files.items())),
            "folders": sorted(set(folders)),
        }
        write_text_atomic(self.path / MANIFEST, json.dumps(data, indent=1) + "\n")

    def claim_folder(self, name: str) -> None:
        """Record a sub-folder that holds an output folder of its own (a report's
        study), before it is written, so a report stopped half-way can resume."""
        manifest = self.read_manifest()
        if name not in manifest["folders"]:
            self._write_manifest(manifest["files"], manifest["folders"] + [name])

    # ------------------------------------------------------------- writing
    def _is_staging(self, entry: str) -> bool:
        return entry.startswith(STAGING_PREFIX)

    def ensure(self) -> Path:
        """Create the folder (and missing parents), remembering what was created."""
        missing = []
        probe = self.path
        while not probe.exists():
            missing.append(probe)
            if probe.parent == probe:
                break
            probe = probe.parent
        for folder in reversed(missing):
            folder.mkdir()
            self._created.append(folder)
        return self.path

    def remove_debris(self) -> None:
        """Staging folders whose process is gone (a killed run)."""
        if not self.path.is_dir():
            return
        for entry in os.listdir(self.path):
            if self._is_staging(entry) and not _process_alive(_staging_pid(entry)):
                shutil.rmtree(self.path / entry, ignore_errors=True)

    def undo_created(self) -> None:
        """Remove the folders this run created, if nothing but its manifest is in them."""
        for folder in reversed(self._created):
            with contextlib.suppress(OSError):
                manifest = folder / MANIFEST
                if manifest.exists() and not [e for e in os.listdir(folder) if e != MANIFEST]:
                    manifest.unlink()
                folder.rmdir()
        self._created.clear()

    @contextlib.contextmanager
    def staging(self, names: Iterable[str] = ()) -> Iterator[Path]:
        """A hidden folder to write every file into; on a clean exit its files move
        into the folder (see commit). Any exception (a stop included) removes it, and
        the folders created for it."""
        self.check(names)
        self.remove_debris()
        self.ensure()
        stage = self.path / f"{STAGING_PREFIX}{os.getpid()}-{uuid.uuid4().hex[:10]}"
        try:
            stage.mkdir()
            yield stage
            self.commit(stage)
        except BaseException:
            shutil.rmtree(stage, ignore_errors=True)
            self.undo_created()
            raise
        self._created.clear()

    def commit(self, stage: Path) -> list[str]:
        """Move every file of `stage` into the folder, replacing the analyzer's own
        files of an earlier run (and removing those this run did not write)."""
        new = sorted(p.relative_to(stage).as_posix() for p in stage.rglob("*") if p.is_file())
        ours = self.check(new)  # the folder may have changed while the games were played
        manifest = self.read_manifest()
        hashes = {name: file_hash(stage / name) for name in new}
        with held_signals():
            # List old and new bytes first: a kill half-way leaves every file known.
            during = {n: sorted(set(manifest["files"].get(n, [])) | {h}) for n, h in hashes.items()}
            for name in ours - set(new):
                during[name] = manifest["files"][name]
            self._write_manifest(during, manifest["folders"])
            for name in new:
                target = self.path / name
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(stage / name, target)
            for name in sorted(ours - set(new)):
                (self.path / name).unlink(missing_ok=True)
                _remove_empty_parents(self.path / name, self.path)
            self._write_manifest({n: [h] for n, h in hashes.items()}, manifest["folders"])
            shutil.rmtree(stage, ignore_errors=True)
        return new

    def write_files(self, texts: dict[str, str]) -> None:
        """Add or replace a few small text files of the analyzer's own (a report's
        index, a study's study.json), keeping the rest of the folder's files."""
        ours = self.check(list(texts))
        manifest = self.read_manifest()
        self.ensure()
        keep = {n: manifest["files"][n] for n in ours if n not in texts}
        for name, text in texts.items():
            write_text_atomic(self.path / name, text)
            keep[name] = [file_hash(self.path / name)]
        self._write_manifest(keep, manifest["folders"])
        self._created.clear()


# ------------------------------------------------------------------ helpers
def file_hash(path: Path) -> str:
    digest = hashlib.blake2b(digest_size=16)
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_text_atomic(path: Path, text: str) -> None:
    """Write a text file through a hidden temporary name, so it is whole or absent."""
    temp = path.parent / f"{STAGING_PREFIX}{os.getpid()}-{uuid.uuid4().hex[:10]}.part"
    try:
        temp.write_text(text, encoding="utf-8")
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


@contextlib.contextmanager
def held_signals() -> Iterator[None]:
    """Hold the stop signals (Ctrl-C, SIGTERM, SIGHUP) for a short critical section:
    a stop that arrives meanwhile takes effect right after it."""
    try:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, HELD_SIGNALS)
    except (AttributeError, OSError, ValueError):  # no signal masks on this platform
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _staging_pid(entry: str) -> int:
    try:
        return int(entry[len(STAGING_PREFIX) :].split("-", 1)[0])
    except ValueError:
        return -1


def _process_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's live process
        return True
    return True


def _remove_empty_parents(path: Path, top: Path) -> None:
    folder = path.parent
    while folder != top and top in folder.parents:
        try:
            folder.rmdir()
        except OSError:
            return
        folder = folder.parent


def os_error_exit_code(exc: OSError) -> int:
    """2 when the user can fix it (a path, a permission), 1 when the machine failed
    (a full disk, an I/O error)."""
    machine = {errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.ENOMEM, errno.EMFILE, errno.ENFILE}
    return 1 if exc.errno in machine else 2


def os_error_message(exc: OSError) -> str:
    where = exc.filename if exc.filename is not None else "a file"
    reason = exc.strerror or str(exc)
    if exc.errno == errno.ENOSPC:
        return (
            f"Could not write {where}: the disk is full. Nothing half-written was left "
            "behind; free some space and run again."
        )
    return f"Could not use {where}: {reason}. Nothing half-written was left behind."
