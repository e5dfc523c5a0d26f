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
  removed by the next run that writes there, but only when it is proven ours: the
  manifest lists it with a random token that the folder itself holds. A look-alike
  name proves nothing: it is the user's and stays.
- Every path the manifest names must stay inside the folder (relative, no `..`, no
  link leading out) before anything is removed or replaced; a manifest that is not
  the analyzer's, or names any other path, is refused and nothing is touched.
- A folder holds one kind of result: the manifest names the command that wrote it
  (`kind`). Another command refuses the folder before any game; with `--force` it
  says which files go before it replaces them.
- While a command runs, it holds a lock on each folder it writes (an advisory lock
  on the folder itself, let go when the process ends): a second run writing into
  the same folder at the same time is refused, never both "Wrote".
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import re
import shutil
import signal
import sys
import uuid
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from analyzer.errors import InputError, Problem

MANIFEST = ".analyzer-output.json"
STAGING_PREFIX = ".analyzer-tmp-"
# Inside a staging folder: the token the manifest lists for it (the proof it is ours).
STAGING_TOKEN = ".analyzer-staging-token"
MANIFEST_KEYS = {"about", "files", "folders", "staging", "kind"}
_KIND = re.compile(r"[a-z][a-z-]{0,39}")
_HASH = re.compile(r"[0-9a-f]{32}")
_STAGING_NAME = re.compile(re.escape(STAGING_PREFIX) + r"[0-9]+-[0-9a-f]{10}")
CLI = "command line"
# Stop signals held while staged files move in: a stop then waits for the move.
HELD_SIGNALS = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}

# The command this process runs (`analyzer NAME`), recorded as the kind of every
# folder it writes (see running_command); None outside a command (Python use).
_command: str | None = None
CURRENT = "current command"  # OutputFolder(kind=CURRENT): the running command's
_locks: dict[tuple[int, int], int] = {}  # (device, inode) of a locked folder: its fd
_said: set[str] = set()


@contextlib.contextmanager
def running_command(name: str) -> Iterator[None]:
    """Run a command named `name`: the kind of the folders it writes, each locked
    while it runs (let go at its end)."""
    global _command
    _command = name
    try:
        yield
    finally:
        _command = None
        for fd in _locks.values():
            with contextlib.suppress(OSError):
                os.close(fd)
        _locks.clear()
        _said.clear()


def _say(text: str) -> None:
    if text not in _said:
        _said.add(text)
        print(text, file=sys.stderr)


class OutputFolder:
    """A folder this analyzer writes files into (see the module docstring).

    exclusive: the folder is the command's own (a study's, a report's): any file of
    the user's in it is refused unless `force`. Not exclusive (simulate's Parquet
    folder): only the names the command writes are checked.
    """

    def __init__(
        self,
        path,
        *,
        force: bool = False,
        exclusive: bool = True,
        key: str = "--out",
        kind: str | None = CURRENT,
    ):
        self.path = Path(path)
        self.force = force
        self.exclusive = exclusive
        self.key = key
        # The command whose results these are (None: keep the folder's own kind).
        self.kind = _command if kind == CURRENT else kind
        self._created: list[Path] = []  # folders this run made, deepest last

    # ------------------------------------------------------------- checking
    def check(self, names: Iterable[str] = ()) -> set[str]:
        """InputError if the folder cannot take this command's files `names` (paths
        relative to the folder); nothing is created or changed. Returns the analyzer's
        own files there, as they were checked."""
        self._check_path()
        if self.path.is_dir():
            self._lock()
            return self._check_contents(list(names))
        return set()

    def _lock(self) -> None:
        """Hold this folder for the running command (none outside a command): another
        process holding it is refused (see the module docstring)."""
        try:
            # lazy: fcntl exists only on POSIX systems
            import fcntl
        except ImportError:  # no advisory locks on this platform
            return
        if _command is None:
            return
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_DIRECTORY)
        except OSError:
            return
        stat = os.fstat(fd)
        key = (stat.st_dev, stat.st_ino)
        if key in _locks:
            os.close(fd)
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise self._problem(
                "another run of the analyzer is writing into this folder right now; wait "
                "for it to finish, or name another folder"
            ) from None
        _locks[key] = fd

    def _problem(self, message: str) -> InputError:
        return InputError(Problem(CLI, self.key, str(self.path), message))

    def _check_path(self) -> None:
        path = self.path
        if path.is_symlink() and not path.exists():
            raise self._problem(
                f"this is a link to {os.readlink(path)}, which does not exist; name a "
                "folder (new or one the analyzer wrote before), or make the link's target"
            )
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
            if entry == MANIFEST or self._is_staging(entry, manifest):
                continue
            if self.exclusive and not self._is_ours(entry, ours, manifest):
                foreign.append(entry)
        clashes = [n for n in names if (self.path / n).exists() and n not in ours]
        never = (
            f"{', '.join(sorted(clashes)[:10])}, which this command would write but which the "
            "analyzer did not write there (or which changed since): it is never replaced, not "
            "even with --force"
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
            also = f"; among them is {never}, so move it away first" if clashes else ""
            raise self._problem(
                f"this folder holds files the analyzer did not write ({shown}); it never "
                "deletes or replaces them: name a new or empty folder, or add --force to write "
                f"its own files beside them{older}{also}"
            )
        if clashes:
            raise self._problem(f"it holds {never}; move it away or name another folder")
        self._check_kind(manifest, ours)
        return ours

    def _check_kind(self, manifest: dict, ours: set[str]) -> None:
        """Refuse a folder holding another command's results (say what goes with
        --force): its files would be replaced or removed by this command's."""
        theirs = manifest["kind"]
        if theirs is None or self.kind is None or theirs == self.kind:
            return
        held = sorted(ours) + sorted(f + "/" for f in manifest["folders"])
        if not held:
            return
        more = f" and {len(held) - 8} more" if len(held) > 8 else ""
        shown = ", ".join(held[:8]) + more
        if not self.force:
            raise self._problem(
                f"it holds the results of `analyzer {theirs}` ({shown}), which "
                f"`analyzer {self.kind}` would replace or remove: name another folder, or "
                f"add --force to remove them"
            )
        _say(
            f"--force: {self.path} holds the results of `analyzer {theirs}`; "
            f"`analyzer {self.kind}` replaces them, and these go: {', '.join(held)}."
        )

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
        """The folder's manifest, checked: InputError (nothing touched) when it is not
        the analyzer's or names a path that does not stay inside the folder."""
        path = self.path / MANIFEST
        empty = {"files": {}, "folders": [], "staging": {}, "kind": None}
        if not os.path.lexists(path):
            return empty
        if path.is_symlink() or not path.is_file():
            raise self._tampered("it is a link or not a plain file")
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise self._tampered(
                "it is not the analyzer's list (it does not read as one)"
            ) from None
        if not isinstance(data, dict) or set(data) - MANIFEST_KEYS:
            raise self._tampered("it is not the analyzer's list (unknown layout)")
        files = data.get("files", {})
        folders = data.get("folders", [])
        staging = data.get("staging", {})
        kind = data.get("kind")
        if kind is not None and not (isinstance(kind, str) and _KIND.fullmatch(kind)):
            raise self._tampered("it is not the analyzer's list (unknown kind)")
        if not (
            isinstance(files, dict)
            and isinstance(folders, list)
            and isinstance(staging, dict)
            and all(isinstance(h, list) and all(isinstance(x, str) and _HASH.fullmatch(x)
                                                for x in h) for h in files.values())
            and all(isinstance(t, str) and _HASH.fullmatch(t) for t in staging.values())
        ):  # fmt: skip
            raise self._tampered("it is not the analyzer's list (unknown layout)")
        for name in [*files, *folders]:
            self._check_inside(name)
        for name in staging:
            if not isinstance(name, str) or not _STAGING_NAME.fullmatch(name):
                raise self._tampered(f"it names {name!r} as a staging folder")
        return {"files": files, "folders": [str(f) for f in folders], "staging": staging,
                "kind": kind}  # fmt: skip

    def _tampered(self, why: str) -> InputError:
        return self._problem(
            f"its list of the analyzer's files ({MANIFEST}) cannot be trusted: {why}; "
            "nothing was removed or replaced: if you did not edit that file, the folder "
            "is not one the analyzer wrote; delete the list or name another folder"
        )

    def _check_inside(self, name: object) -> None:
        """InputError unless `name` is a path inside the folder: relative, plain parts
        (no `..`), and no link on the way leading out of it."""
        if not isinstance(name, str) or not name or "\\" in name or "\0" in name:
            raise self._tampered(f"it names {name!r}, which is not a path inside the folder")
        parts = name.split("/")
        if name.startswith("/") or any(p in ("", ".", "..") for p in parts) or ":" in parts[0]:
            raise self._tampered(f"it names {name!r}, which points outside the folder")
        top = os.path.realpath(self.path)
        real = os.path.realpath(self.path / name)
        if os.path.commonpath([top, real]) != top or real == top:
            raise self._tampered(f"it names {name!r}, which leads out of the folder by a link")

    def _own_files(self, manifest: dict) -> set[str]:
        """Listed files still as the analyzer left them (a changed one is the user's)."""
        out = set()
        for name, hashes in manifest["files"].items():
            path = self.path / name
            if path.is_file() and file_hash(path) in (hashes or []):
                out.add(name)
        return out

    def stored_changes(self) -> tuple[list[str], list[str]]:
        """(changed, missing): the files the manifest lists whose bytes are no longer
        those the analyzer wrote, and those gone."""
        if not self.path.is_dir():
            return [], []
        changed, missing = [], []
        for name, hashes in self.read_manifest()["files"].items():
            path = self.path / name
            if not path.is_file():
                missing.append(name)
            elif file_hash(path) not in hashes:
                changed.append(name)
        return sorted(changed), sorted(missing)

    def own_files(self) -> set[str]:
        """The files the analyzer wrote here, still as it left them."""
        return self._own_files(self.read_manifest()) if self.path.is_dir() else set()

    def _write_manifest(
        self,
        files: dict[str, list[str]],
        folders: list[str],
        staging: dict | None = None,
        kind: str | None = None,
    ) -> None:
        """The manifest; `kind`: the folder's kind before this command (this
        command's own once it has written files or folders there)."""
        if self.kind is not None and (files or folders):
            kind = self.kind
        data = {
            "about": "Files the Small World analyzer wrote in this folder; it replaces only "
            "these, and only while their content is unchanged.",
            "files": dict(sorted(files.items())),
            "folders": sorted(set(folders)),
        }
        if kind is not None:
            data["kind"] = kind
        if staging:
            data["staging"] = dict(sorted(staging.items()))
        write_text_atomic(self.path / MANIFEST, json.dumps(data, indent=1) + "\n")

    def claim_folder(self, name: str) -> None:
        """Record a sub-folder that holds an output folder of its own (a report's
        study), before it is written, so a report stopped half-way can resume."""
        manifest = self.read_manifest()
        if name not in manifest["folders"]:
            self._check_inside(name)
            self._write_manifest(
                manifest["files"],
                manifest["folders"] + [name],
                manifest["staging"],
                manifest["kind"],
            )

    # ------------------------------------------------------------- writing
    def _is_staging(self, entry: str, manifest: dict) -> bool:
        """Whether `entry` is a staging folder proven ours: listed in the manifest with
        a token, a real folder (not a link), holding that same token."""
        token = manifest["staging"].get(entry)
        folder = self.path / entry
        if token is None or folder.is_symlink() or not folder.is_dir():
            return False
        mark = folder / STAGING_TOKEN
        try:
            return not mark.is_symlink() and mark.read_text(encoding="ascii") == token
        except (OSError, ValueError):
            return False

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
        self._lock()
        return self.path

    def remove_debris(self) -> None:
        """Staging folders of a killed run (its process gone), when proven ours (see
        _is_staging); anything else with a look-alike name is the user's and stays."""
        if not self.path.is_dir():
            return
        manifest = self.read_manifest()
        gone = [
            name
            for name in manifest["staging"]
            if not _process_alive(_staging_pid(name)) or not (self.path / name).exists()
        ]
        for name in gone:
            if self._is_staging(name, manifest):
                shutil.rmtree(self.path / name)
        if gone:
            staging = {n: t for n, t in manifest["staging"].items() if n not in gone}
            self._write_manifest(manifest["files"], manifest["folders"], staging, manifest["kind"])

    def _claim_staging(self, name: str, token: str) -> None:
        manifest = self.read_manifest()
        staging = dict(manifest["staging"], **{name: token})
        self._write_manifest(manifest["files"], manifest["folders"], staging, manifest["kind"])

    def _forget_staging(self, name: str, had_manifest: bool) -> None:
        """Drop a staging folder from the manifest (removing a manifest made only for
        it: the folder is as it was)."""
        with contextlib.suppress(InputError, OSError):
            manifest = self.read_manifest()
            staging = {n: t for n, t in manifest["staging"].items() if n != name}
            if not had_manifest and not (manifest["files"] or manifest["folders"] or staging):
                (self.path / MANIFEST).unlink(missing_ok=True)
            else:
                self._write_manifest(
                    manifest["files"], manifest["folders"], staging, manifest["kind"]
                )

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
        had_manifest = (self.path / MANIFEST).exists()
        name = f"{STAGING_PREFIX}{os.getpid()}-{uuid.uuid4().hex[:10]}"
        stage = self.path / name
        token = uuid.uuid4().hex
        try:
            # Listed before it exists: a killed run's folder is then provably ours.
            self._claim_staging(name, token)
            stage.mkdir()
            (stage / STAGING_TOKEN).write_text(token, encoding="ascii")
            yield stage
            self.commit(stage)
        except BaseException:
            if self._is_staging(name, self.read_manifest_or_empty()):
                shutil.rmtree(stage, ignore_errors=True)
            self._forget_staging(name, had_manifest)
            self.undo_created()
            raise
        self._created.clear()

    def read_manifest_or_empty(self) -> dict:
        try:
            return self.read_manifest()
        except InputError:
            return {"files": {}, "folders": [], "staging": {}, "kind": None}

    def commit(self, stage: Path) -> list[str]:
        """Move every file of `stage` into the folder, replacing the analyzer's own
        files of an earlier run (and removing those this run did not write)."""
        new = sorted(
            p.relative_to(stage).as_posix()
            for p in stage.rglob("*")
            if p.is_file() and p.name != STAGING_TOKEN
        )
        ours = self.check(new)  # the folder may have changed while the games were played
        manifest = self.read_manifest()
        hashes = {name: file_hash(stage / name) for name in new}
        with held_signals():
            # List old and new bytes first: a kill half-way leaves every file known.
            during = {n: sorted(set(manifest["files"].get(n, [])) | {h}) for n, h in hashes.items()}
            for name in ours - set(new):
                during[name] = manifest["files"][name]
            self._write_manifest(during, manifest["folders"], manifest["staging"], manifest["kind"])
            for name in new:
                target = self.path / name
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(stage / name, target)
            for name in sorted(ours - set(new)):
                (self.path / name).unlink(missing_ok=True)
                _remove_empty_parents(self.path / name, self.path)
            shutil.rmtree(stage, ignore_errors=True)
            staging = {n: t for n, t in manifest["staging"].items() if n != stage.name}
            self._write_manifest(
                {n: [h] for n, h in hashes.items()}, manifest["folders"], staging, manifest["kind"]
            )
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
        self._write_manifest(keep, manifest["folders"], manifest["staging"], manifest["kind"])
        self._created.clear()


# ------------------------------------------------------------------ helpers
def write_folder(
    out: Path,
    fill: Callable[[Path], None],
    force: bool = False,
    finish: Callable[[Path], None] | None = None,
) -> Path:
    """Build a folder's files with `fill(temp)` (then `finish(temp)`) in a staging
    folder, then move them into `out` together: the folder changes all at once or not
    at all, and only the analyzer's own files in it are ever replaced."""
    with OutputFolder(out, force=force).staging() as temp:
        fill(temp)
        if finish is not None:
            finish(temp)
    return Path(out)


def write_table(frame, folder: Path, name: str) -> None:
    """name.csv and name.parquet of a table (a pandas DataFrame)."""
    frame.to_csv(folder / f"{name}.csv", index=False)
    frame.to_parquet(folder / f"{name}.parquet", index=False)


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
    except (PermissionError, OverflowError):  # someone else's live process; a pid not
        return True  # checkable here is not proven gone, so its folder stays
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
