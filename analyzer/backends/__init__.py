"""Where the games of a study are played: in this process, or on a Dask cluster.

Every study and `simulate` cut their games into chunks (first game, count, bots,
forced picks) and hand them to a backend, which plays them and yields the results
in the order the chunks were given. Game i of a run draws its random streams from
(seed, i) alone, so a chunk played anywhere gives the same rows, and results taken
in chunk order give the same tables, byte for byte, whatever the backend.

- `InProcess` (the default) calls the engine here, one chunk after the other:
  the behaviour, speed and bytes of a run without a backend.
- `analyzer.backends.dask_cluster.DaskBackend` sends the chunks to the workers of
  a `dask.distributed` cluster (`--cluster ADDRESS`, or `--workers N` for a local
  one). That module is only imported when one of those options is given.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from analyzer.backends.chunk import CLI, Chunk, ClusterError  # noqa: F401 (the package's face)
from analyzer.errors import InputError, Problem

MAX_LOCAL_WORKERS = 256
INSTALL_HINT = "pip install 'smallworld-analyzer[cluster]'"


class InProcess:
    """Plays each chunk here, on numba's threads, when the caller asks for it."""

    def games_per_call(self, total: int) -> int | None:
        """None: the caller's own engine step (simulate.engine_step())."""
        return None

    def play(self, chunks: Iterable[Chunk]) -> Iterator[tuple[Chunk, Any]]:
        """(chunk, api.BatchResult) for each chunk, in the order given."""
        # lazy: a cluster worker imports this package before it loads its game
        from analyzer.backends.shared import GAMES
        from analyzer.gameloop import api

        for c in chunks:
            play = GAMES.play if c.shared else api.play_batch
            result = play(
                c.etables, c.n_players, c.seed, c.first, c.n_games, c.policies, c.params,
                c.check, c.forced,
            )  # fmt: skip
            yield c, result

    def summary_lines(self) -> list[str]:
        return []


def check_backend_options(workers: int | None, cluster: str | None) -> None:
    """InputError for a --workers/--cluster pair that cannot work, before anything
    is started or imported."""
    problems = []
    if workers is not None and cluster is not None:
        problems.append(Problem(CLI, "--workers", workers, "give --workers or --cluster, not both"))
    if workers is not None and not 1 <= workers <= MAX_LOCAL_WORKERS:
        problems.append(
            Problem(CLI, "--workers", workers, f"must be 1 to {MAX_LOCAL_WORKERS} processes")
        )
    if cluster is not None and not cluster.strip():
        problems.append(
            Problem(CLI, "--cluster", cluster, "give the scheduler's address, like tcp://host:8786")
        )
    if problems:
        raise InputError(problems)


@contextmanager
def open_backend(workers: int | None = None, cluster: str | None = None, log=None):
    """The backend for --workers / --cluster: in-process without either (dask is not
    imported then), else a Dask one, closed (its work cancelled, a local cluster
    stopped) when the block ends, however it ends."""
    check_backend_options(workers, cluster)
    if workers is None and cluster is None:
        yield InProcess()
        return
    try:
        # lazy: Dask is optional (the cluster extra)
        import distributed  # noqa: F401
    except ImportError:
        key, value = ("--workers", workers) if cluster is None else ("--cluster", cluster)
        raise InputError(
            Problem(CLI, key, value, f"needs Dask, which is not installed here: {INSTALL_HINT}")
        ) from None
    # lazy: Dask is optional (the cluster extra)
    from analyzer.backends.dask_cluster import DaskBackend

    backend = DaskBackend.connect(workers=workers, address=cluster, log=log)
    try:
        yield backend
    finally:
        backend.close()


def or_in_process(backend):
    """The backend a study was given, or the in-process one."""
    return InProcess() if backend is None else backend
