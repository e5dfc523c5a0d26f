"""The sequence every command shares: stop signals and errors turned into messages and
exit codes, the ruleset and variant decided, the output folder checked, the engine's
threads or a Dask cluster for the games."""

from __future__ import annotations

import functools
import os
import signal
from contextlib import contextmanager
from pathlib import Path

import typer

from analyzer.backends import ClusterError, check_backend_options, open_backend
from analyzer.errors import EXIT_BAD_INPUT, InputError, Problem
from analyzer.ruleset_registry import DEFAULT_RULESET
from analyzer.rulesets import Game, decide_game

EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports Ctrl-C
CLI = "command line"


class Stopped(KeyboardInterrupt):
    """A stop signal other than Ctrl-C (SIGTERM from `timeout` or a cluster's
    scheduler, SIGHUP from a closed terminal). Raised like Ctrl-C's KeyboardInterrupt,
    so every writer cleans up the same way."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def _raise_stopped(signum, frame) -> None:
    raise Stopped(signum)


def catch_stop_signals() -> None:
    """SIGTERM and SIGHUP stop a run as cleanly as Ctrl-C."""
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _raise_stopped)


def err(text: str) -> None:
    typer.echo(text, err=True)


def guarded(command):
    """Turn a user's mistake into its message and exit code 2, a stop (Ctrl-C,
    SIGTERM, SIGHUP) into exit 128 + the signal, and an operating-system error into
    one sentence (exit 2, or 1 when the machine failed, like a full disk): never a
    traceback. Files are already cleaned up by the code that wrote them."""

    kind = command.__name__.replace("_", "-")  # what its output folders hold

    @functools.wraps(command)
    def run(*args, **kwargs):
        # lazy: keeps `analyzer --help` from loading numpy and the engine
        from analyzer.output import os_error_exit_code, os_error_message, running_command

        try:
            with running_command(kind):
                check_thread_setting()
                return command(*args, **kwargs)
        except InputError as exc:
            err(str(exc))
            raise typer.Exit(EXIT_BAD_INPUT) from None
        except ClusterError as exc:
            err(f"The cluster could not finish the run: {exc}.")
            raise typer.Exit(1) from None
        except KeyboardInterrupt as exc:
            signum = exc.signum if isinstance(exc, Stopped) else signal.SIGINT
            name = signal.Signals(signum).name
            err(f"Stopped ({name}): nothing half-written was left behind.")
            raise typer.Exit(128 + signum) from None
        except OSError as exc:
            err(os_error_message(exc))
            raise typer.Exit(os_error_exit_code(exc)) from None

    return run


def raw_arguments_check(group, ctx, args: list[str]) -> None:
    """Refuse, as typed (exit 2, one paragraph each, before anything runs): an option
    given twice under one or two of its names (the last would win silently, like
    --bots and --policies), and an empty --out (it would mean the current folder)."""
    command = group.get_command(ctx, args[0]) if args else None
    problems = _typed_twice(command, args[1:]) if command is not None else []
    if problems:
        err(str(InputError(problems)))
        raise typer.Exit(EXIT_BAD_INPUT)


def check_thread_setting() -> None:
    """NUMBA_NUM_THREADS, when set, must be a whole number of 1 or more (numba would
    stop the run with a traceback)."""

    threads = os.environ.get("NUMBA_NUM_THREADS")
    if threads is not None and not (threads.strip().isdigit() and int(threads) >= 1):
        raise InputError(
            Problem(
                "environment", "NUMBA_NUM_THREADS", threads,
                "must be a whole number of threads, 1 or more (unset: one per core); "
                "--threads sets a run's threads too",
            )
        )  # fmt: skip


def _typed_twice(command, args: list[str]) -> list[Problem]:
    """Problems of the options in `args` given twice, or --out given empty."""
    names = {}
    for param in command.params:
        if getattr(param, "multiple", False) or getattr(param, "is_flag", False):
            continue
        for opt in [*param.opts, *param.secondary_opts]:
            names[opt] = param
    seen: dict = {}
    problems = []
    for i, word in enumerate(args):
        if word == "--":
            break
        flag, _, attached = word.partition("=")
        param = names.get(flag)
        if param is None and not word.startswith("--") and word[:2] in names:
            param, flag = names[word[:2]], word[:2]  # -p4
        if param is None:
            continue
        value = attached if "=" in word else (args[i + 1] if i + 1 < len(args) else None)
        if param.name in seen:
            problems.append(
                Problem(
                    CLI, flag, value,
                    f"given twice ({seen[param.name + ' flag']} and {flag} are the same "
                    "option, and only one value can be played): give it once",
                )
            )  # fmt: skip
        seen[param.name], seen[param.name + " flag"] = i, flag
        if param.name == "out" and value is not None and not value.strip():
            problems.append(
                Problem(CLI, "--out", value, "is empty; name a folder (. for this one)")
            )  # fmt: skip
    return problems


def choose_ruleset(
    ruleset: str | None, scenarios=(), variant: str | None = None, *, only=None, command=""
) -> Game:
    """Decide the run's ruleset and variant (rulesets.decide_game: --ruleset and
    --variant, the scenarios, ANALYZER_RULESET; sources that disagree exit 2), bind the
    ruleset before anything imports the engine, and say what the run plays: the Game
    the command then hands down."""
    game = decide_game(ruleset, variant, scenarios, only=only, command=command or "this command")
    err(game.line())
    return game


def check_out(
    out: Path | None, force: bool, default: Path, names=None, writes=(), game=None
) -> Path:
    """The --out folder (or the default one), refused before anything is played if
    the command could not write it (analyzer/output.py): a folder of the command's
    own, or (`names`) one it writes only those files into. `writes`: files the
    command's own folder will hold, never written over a user's. `game`: the Game the
    command plays (None for the battle commands, which play none)."""
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    from analyzer.output import OutputFolder

    played = DEFAULT_RULESET if game is None else game.ruleset
    if out is None and played != DEFAULT_RULESET:
        # Another ruleset's results never replace SWoW's in the same default folder.
        default = default.with_name(f"{played.replace('.', '-')}-{default.name}")
    folder = default if out is None else out
    if names is None:
        OutputFolder(folder, force=force).check(writes)
    else:
        OutputFolder(folder, force=force, exclusive=False).check(names)
    return folder


def check_threads(threads: int) -> None:
    """--threads: 1 to the threads numba may start."""
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    import numba

    most = numba.config.NUMBA_NUM_THREADS
    if not 1 <= threads <= most:
        raise InputError(Problem(CLI, "--threads", threads, f"must be 1 to {most}"))


def set_threads(threads: int | None) -> int:
    """Apply --threads; returns the number of threads the engine will use."""
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    import numba

    if threads is not None:
        check_threads(threads)
        numba.set_num_threads(threads)
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    from analyzer.gameloop.precompile import cache_is_ready

    if not cache_is_ready():
        # The progress bar stands still meanwhile; say why.
        err("First run of this engine: compiling it once (about 15 s on an idle 2-core machine).")
    return numba.get_num_threads()


@contextmanager
def games_on(workers: int | None, cluster: str | None, threads: int | None):
    """(backend, where) for a command's games: this process on --threads threads, or
    the Dask cluster of --workers / --cluster, stopped (its work cancelled) when the
    command ends; on a cluster, the games per second overall and per worker at the
    end."""
    check_backend_options(workers, cluster)
    if workers is None and cluster is None:
        n_threads = set_threads(threads)
        with open_backend() as backend:
            yield backend, f"{n_threads} threads"
        return
    if threads is not None:
        raise InputError(
            Problem(
                CLI, "--threads", threads,
                "sets this process's engine threads, which play nothing with --workers or "
                "--cluster (each worker plays one chunk per thread of its own)",
            )
        )  # fmt: skip
    with open_backend(workers, cluster, log=err) as backend:
        yield backend, backend.where
        for line in backend.summary_lines():
            typer.echo(line)
