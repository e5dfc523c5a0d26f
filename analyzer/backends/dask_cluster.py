"""Play a study's chunks on a `dask.distributed` cluster (`--cluster`, `--workers`).

The client sends each chunk as one task, a pure function of its inputs (engine
tables, seed, game range, bots, forced picks), so a chunk retried after its worker
died gives the very same rows. Results are keyed by chunk index and handed back in
chunk order, each exactly once, however the tasks finish.

Each task names the run's ruleset, and a worker process loads that game
(analyzer.load_game) before its first chunk: the workers need no setting of their
own, and a worker process plays one ruleset for its life (a task of another one
is refused, with the remedy). Each worker process compiles the engine into a cache
folder of its own
(`<cache>/dask-worker-<k>`, held with a lock while the process lives), so several
processes never write into one numba cache at once; the folder persists, so the
next run on that machine loads instead of compiling. A new folder starts as a copy
of the machine's own engine cache when that one is complete.

Only imported when --workers or --cluster is given (it imports dask).
"""

from __future__ import annotations

import asyncio
import fcntl
import itertools
import logging
import os
import shutil
import signal
import threading
import time
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import dask
import numpy as np
from distributed import Client, LocalCluster, as_completed, get_worker
from distributed.comm import connect as connect_to
from distributed.scheduler import KilledWorker

from analyzer.backends.chunk import CLI, Chunk, ClusterError
from analyzer.errors import InputError, Problem
from analyzer.ruleset_registry import bound_ruleset, ruleset_name
from analyzer.rulesets import load_game

CONNECT_TIMEOUT_S = 5
WORKER_WAIT_S = 10
# Games per task: about a second of play for the fast heuristic on one core, long
# enough that the scheduling and transfer of a task cost under 1% of it.
DEFAULT_CHUNK_GAMES = 2048
TASKS_PER_THREAD = 3  # tasks in flight per worker thread: no worker waits for the next
# The smallest task a short run is cut into so that every thread has some: 128 fast
# heuristic games are 25 ms of play, several times Dask's cost of a task.
MIN_CHUNK_GAMES = 128
CACHE_ENV = "NUMBA_CACHE_DIR"
# The scheduler starts its HTTP server (health checks; a dashboard only with bokeh)
# even for None, on port 8787 when that is free; any free port never clashes with
# another cluster on the machine.
NO_DASHBOARD = ":0"
READY_MARKER = "compiled"  # as gameloop/precompile.py writes it
# A local cluster's scheduler and nannies share the client's process, and its workers
# share the machine with it: Dask's diagnostics (a stack sampler in every worker every
# 10 ms, event-loop ticks every 20 ms, memory and system polls) cost about 13% of a
# core there for a dashboard nobody sees; measured: the client's event loop spends a
# third as much per game with these.
LOCAL_CLUSTER_CONFIG = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.memory.monitor-interval": "1s",
}

_own_cache: dict[str, object] = {}  # this process's cache folder and the lock holding it
_own_cache_lock = threading.Lock()  # a worker's threads start their first chunks together


# ------------------------------------------------------------------ on the workers
def _cache_base() -> Path:
    """Where this machine keeps the engine cache (engine/__init__.py's rule)."""
    base = os.environ.get(CACHE_ENV) or str(
        Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "smallworld-analyzer"
    )
    return Path(base)


def _lock_slot(base: Path):
    """(folder, open lock file) of the first `dask-worker-<k>` slot no live process
    holds. The lock goes with the process, however it ends."""
    base.mkdir(parents=True, exist_ok=True)
    for k in itertools.count():
        handle = open(base / f"dask-worker-{k}.lock", "w")  # noqa: SIM115 (held for life)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            continue
        return base / f"dask-worker-{k}", handle
    raise AssertionError("unreachable")


def use_own_engine_cache(ruleset: str) -> Path:
    """Load the game `ruleset` in this worker process and point its numba cache at a
    folder of its own, before the engine is imported here; seed it from the
    machine's complete engine cache. Idempotent: a process keeps its first folder,
    whichever of its threads asks. ClusterError when the process plays another
    ruleset already."""

    with _own_cache_lock:
        bound = bound_ruleset()
        if bound is not None and bound != ruleset:
            raise ClusterError(
                f"a worker plays the {bound} ruleset, this run {ruleset}: a worker process "
                "plays one ruleset for its life; start fresh workers for this run"
            )
        if "folder" not in _own_cache:
            _own_cache.update(_take_engine_cache(ruleset))
        return _own_cache["folder"]


def _take_engine_cache(ruleset: str) -> dict:
    base = _cache_base()
    folder, lock = _lock_slot(base)
    os.environ[CACHE_ENV] = str(folder)  # the compile helper inherits it too
    # lazy: a worker imports this module before it loads its game and numba
    import numba

    load_game(ruleset)
    # lazy: a worker imports this module before it loads its game and numba
    from analyzer.engine import bind_engine

    bind_engine()  # sets numba's cache folder from the environment

    engine_cache = Path(numba.config.CACHE_DIR)
    if engine_cache.parent != folder:  # the engine was imported before: move it over
        engine_cache = folder / engine_cache.name
        numba.config.CACHE_DIR = str(engine_cache)
    shared = base / engine_cache.name
    if (shared / READY_MARKER).exists() and not (engine_cache / READY_MARKER).exists():
        # The marker last: a copy cut short is copied again next time.
        shutil.copytree(
            shared, engine_cache, dirs_exist_ok=True, ignore=shutil.ignore_patterns(READY_MARKER)
        )
        (engine_cache / READY_MARKER).touch()
    return {"folder": engine_cache, "lock": lock}


def dask_setup(worker) -> None:
    """Run by each worker of a local cluster as it starts (the cluster's `preload`).
    Its processes share the user's terminal: Ctrl-C is for the client, which then
    cancels the work and stops them, so they ignore it rather than print tracebacks."""

    signal.signal(signal.SIGINT, signal.SIG_IGN)


@dataclass(frozen=True)
class PlayedChunk:
    """A chunk's BatchResult as it travels back: race instances cut to the widest
    game of the chunk (the rest is zeros), and who played it for how long."""

    seats: np.ndarray
    inst: np.ndarray
    n_inst: np.ndarray
    errors: np.ndarray
    inst_width: int
    engine: str  # the engine cache's name: a hash of the engine's sources
    worker: str
    seconds: float


def play_chunk(ruleset, tables, n_players, seed, first, n_games, policies, params, check, forced):
    """The task: one chunk of the game `ruleset` played on one engine thread (a
    worker runs as many tasks at once as it has threads)."""
    engine = use_own_engine_cache(ruleset).name
    # lazy: a worker imports this module before it loads its game and numba
    import numba

    # lazy: a worker imports this module before it loads its game and numba
    from analyzer.engine.state import EngineTables
    from analyzer.gameloop import api

    numba.set_num_threads(1)  # for this thread only
    started = time.perf_counter()
    r = api.play_batch(
        EngineTables(*tables), n_players, seed, first, n_games, policies, params, check, forced
    )
    seconds = time.perf_counter() - started
    width = int(r.n_inst.max(initial=0))
    return PlayedChunk(
        r.seats, np.ascontiguousarray(r.inst[:, :width]), r.n_inst, r.errors, r.inst.shape[1],
        engine, get_worker().address, seconds,
    )  # fmt: skip


# ------------------------------------------------------------------ on the client
def _engine_name() -> str:
    # lazy: a worker imports this module before it loads its game and numba
    import numba

    # lazy: a worker imports this module before it loads its game and numba
    from analyzer.engine import bind_engine

    bind_engine()  # numba's cache folder is the played ruleset's from here on
    return Path(numba.config.CACHE_DIR).name


def _engine_ruleset(engine: str) -> str:
    """The ruleset label of an engine cache's name, engine-<ruleset>-<hash>."""
    return engine.removeprefix("engine-").rsplit("-", 1)[0]


def _batch_result(first: int, played: PlayedChunk):
    """The BatchResult a local run would have made, byte for byte."""
    # lazy: a worker imports this module before it loads its game and numba
    from analyzer.gameloop import api

    inst = api.with_width(played.inst, played.inst_width)
    return api.BatchResult(first, played.seats, inst, played.n_inst, played.errors)


def _quiet_dask_logs() -> None:
    """A lost worker is dask's business (it plays the chunk again); the client says
    what matters itself."""
    for name in ("distributed", "distributed.client", "distributed.scheduler", "tornado"):
        logging.getLogger(name).setLevel(logging.CRITICAL)


def _probe(address: str) -> None:
    """Open and close one connection to the scheduler: OSError or ValueError when
    that fails. A Client that fails to start leaves an object whose clean-up waits
    twice the timeout and prints a traceback as it is collected, so it is only made
    once the scheduler has answered."""

    async def knock() -> None:
        comm = await connect_to(address, timeout=CONNECT_TIMEOUT_S)
        await comm.close()

    try:
        asyncio.run(knock())
    except (OSError, ValueError):
        raise
    except Exception as exc:  # another service's reply read as a Dask handshake
        raise ConnectionError(
            f"something answered, but not as a Dask scheduler: {type(exc).__name__}"
        ) from None


class DaskBackend:
    """Plays chunks as tasks on a cluster and yields their results in chunk order."""

    def __init__(self, client, cluster=None, chunk_games: int | None = None):
        self.client = client
        self.cluster = cluster  # the LocalCluster this backend started, if any
        if cluster is not None:
            self.where = f"a local cluster of {len(cluster.workers)} workers"
        else:
            self.where = f"the cluster at {client.scheduler.address}"
        self.games_per_chunk = chunk_games or DEFAULT_CHUNK_GAMES
        self.engine = _engine_name()

        self.ruleset = ruleset_name()  # each task names it: the workers load that game
        self.games = 0
        self.seconds = 0.0  # wall time spent in play()
        self.by_worker: dict[str, list[float]] = {}  # address -> [games, seconds playing]

    # -------------------------------------------------------------- starting
    @classmethod
    def connect(cls, workers=None, address=None, chunk_games=None, log=None) -> DaskBackend:
        """A local cluster of `workers` processes, or the scheduler at `address`.
        InputError (exit 2) when that scheduler does not answer, or has no workers."""
        say = log or (lambda text: None)
        _quiet_dask_logs()
        if address is None:
            # lazy: a worker imports this module before it loads its game and numba
            from analyzer.gameloop.precompile import cache_is_ready

            say(f"Starting a local Dask cluster of {workers} worker processes.")
            if not cache_is_ready():
                say("First run of this engine: each worker compiles it once (about 25 s).")
            with dask.config.set(LOCAL_CLUSTER_CONFIG):  # workers take it as they start
                cluster = LocalCluster(
                    n_workers=workers, threads_per_worker=1, processes=True,
                    dashboard_address=NO_DASHBOARD, silence_logs=logging.CRITICAL,
                    preload=[__name__],
                )  # fmt: skip
            try:
                client = Client(cluster, set_as_default=False)
            except BaseException:
                cluster.close()
                raise
            return cls(client, cluster, chunk_games)
        try:
            _probe(address)
            client = Client(address, timeout=CONNECT_TIMEOUT_S, set_as_default=False)
        except (OSError, ValueError, TypeError) as exc:
            raise InputError(
                Problem(
                    CLI, "--cluster", address,
                    f"no Dask scheduler answered there ({exc}); "
                    "start one with `dask scheduler` and give the address it prints",
                )
            ) from None  # fmt: skip
        try:
            client.wait_for_workers(1, timeout=WORKER_WAIT_S)
        except (OSError, TimeoutError):
            client.close()
            raise InputError(
                Problem(
                    CLI, "--cluster", address,
                    f"the scheduler has had no worker for {WORKER_WAIT_S} s; start some with "
                    f"`dask worker {address}`",
                )
            ) from None  # fmt: skip
        threads = client.nthreads()
        say(
            f"Connected to the Dask scheduler at {address}: {len(threads)} workers, "
            f"{sum(threads.values())} threads."
        )
        return cls(client, None, chunk_games)

    def close(self) -> None:
        try:
            self.client.close()
        finally:
            if self.cluster is not None:
                self.cluster.close()

    # -------------------------------------------------------------- playing
    def games_per_call(self, total: int) -> int:
        """Games per task for a run of `total` games: games_per_chunk, or fewer when
        that would leave worker threads idle (a short run, a slow bot)."""
        threads = max(1, sum(self.client.nthreads().values()))
        spread = -(-total // (TASKS_PER_THREAD * threads))  # rounded up
        return min(self.games_per_chunk, max(MIN_CHUNK_GAMES, spread))

    def _window(self) -> int:
        threads = sum(self.client.nthreads().values())
        return max(2, TASKS_PER_THREAD * threads)

    def play(self, chunks: Iterable[Chunk]) -> Iterator[tuple[Chunk, object]]:
        """(chunk, api.BatchResult) for each chunk, in the order given. The work still
        on the cluster is cancelled when the caller stops (Ctrl-C, an error)."""
        run = uuid.uuid4().hex[:12]
        source = enumerate(chunks)
        in_flight: dict[str, tuple[int, Chunk]] = {}  # task key -> (index, chunk)
        done: dict[int, tuple[Chunk, object]] = {}
        futures = {}
        waiting = as_completed(loop=self.client.loop)
        window = self._window()
        next_out = 0
        started = time.perf_counter()

        def submit_more() -> None:
            while len(in_flight) + len(done) < window:
                item = next(source, None)
                if item is None:
                    return
                i, c = item
                key = f"smallworld-chunk-{run}-{i}"
                futures[key] = self.client.submit(
                    play_chunk, self.ruleset, tuple(c.etables), c.n_players, c.seed, c.first,
                    c.n_games, c.policies, c.params, c.check, c.forced, key=key,
                )  # fmt: skip
                in_flight[key] = (i, c)
                waiting.add(futures[key])

        try:
            submit_more()
            while in_flight or done:
                if next_out not in done:
                    future = next(waiting)
                    i, c = in_flight.pop(future.key)
                    played = self._result(future)
                    del futures[future.key]
                    self._count(played, c.n_games)
                    done[i] = (c, _batch_result(c.first, played))
                    submit_more()
                    continue
                yield done.pop(next_out)
                next_out += 1
                submit_more()
        finally:
            if futures:
                self.client.cancel(list(futures.values()), force=True)
            self.seconds += time.perf_counter() - started

    def _result(self, future) -> PlayedChunk:
        try:
            played = future.result()
        except Exception as exc:
            if isinstance(exc, KilledWorker):
                raise ClusterError(
                    "a chunk of games killed every worker that tried it "
                    f"({exc}); look at the workers' logs"
                ) from None
            raise
        if played.engine != self.engine:
            theirs, ours = _engine_ruleset(played.engine), _engine_ruleset(self.engine)
            if theirs != ours:
                raise ClusterError(
                    f"worker {played.worker} plays the {theirs} ruleset, this run {ours}: a "
                    "worker process plays one ruleset for its life; start fresh workers"
                )
            raise ClusterError(
                f"worker {played.worker} runs another version of the engine ({played.engine}, "
                f"here {self.engine}): install the same analyzer on every worker"
            )
        return played

    def _count(self, played: PlayedChunk, n_games: int) -> None:
        self.games += n_games
        stats = self.by_worker.setdefault(played.worker, [0, 0.0])
        stats[0] += n_games
        stats[1] += played.seconds

    # -------------------------------------------------------------- cost
    def summary_lines(self) -> list[str]:
        """Games per second over the whole run and per worker (the games it played
        over the run's time, and its seconds of play)."""
        if not self.games or self.seconds <= 0:
            return []
        wall = self.seconds
        where = "local cluster" if self.cluster is not None else "cluster"
        lines = [
            f"On the {where}: {self.games} games in {wall:.1f} s, "
            f"{self.games / wall:.0f} games/s over {len(self.by_worker)} workers."
        ]
        for address, (games, busy) in sorted(self.by_worker.items()):
            lines.append(
                f"  {address}: {int(games)} games, {games / wall:.0f} games/s "
                f"({busy:.1f} s of play)"
            )
        return lines
