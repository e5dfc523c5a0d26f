"""Games one study plays again after another, played once per process.

Several studies of a report play some of the same games: the printed rules' all-bot
games (the player-count study's, then the house rules' baseline and the balance
study's seats), a combo table (the player-count study's at the report's count, then
the balance study's printed rules) and the house rules' baseline combos (then the
balance study's spread). A game's rows depend only on its inputs (the tables, the
player count, the seed, its index, the bots and their parameters, the check flag
and its forced pick; gameloop/batch.py), so a game met again with the same inputs is
taken from here instead of played: the same rows, byte for byte.

Only the engine calls marked `shared` (backends.Chunk) are kept or looked up, and
only while the kept games fit in BUDGET bytes; beyond it nothing more is kept and
the games are played as before.
"""

from __future__ import annotations

import hashlib

import numpy as np

BUDGET = 200 * 2**20  # bytes of kept game rows per process


def _digest(*parts) -> bytes:
    h = hashlib.blake2b(digest_size=16)
    for part in parts:
        a = np.ascontiguousarray(part)
        h.update(str((a.dtype.str, a.shape)).encode())
        h.update(a.tobytes())
    return h.digest()


class _Kept:
    """One engine call's games, compacted: every seat row, and each game's race
    instances without the empty rows after its last (they are zeros)."""

    def __init__(self, result):
        n_inst = np.asarray(result.n_inst)
        self.seats = np.array(result.seats)
        self.errors = np.array(result.errors)
        self.n_inst = n_inst.copy()
        rows = np.arange(result.inst.shape[1])[None, :] < n_inst[:, None]
        self.inst = result.inst[rows]  # every game's rows, in game order
        self.offsets = np.concatenate([[0], np.cumsum(n_inst)])

    @property
    def nbytes(self) -> int:
        parts = (self.seats, self.errors, self.n_inst, self.inst, self.offsets)
        return sum(a.nbytes for a in parts)


class SharedGames:
    """The games kept in this process, by their inputs (see the module's text)."""

    def __init__(self, budget: int = BUDGET):
        self.budget = budget
        self.nbytes = 0
        self.kept: list[_Kept] = []
        # (tables, players, seed, bots, parameters, check)
        #     -> {(game, its forced pick's bytes): (kept, row)}
        self.games: dict[bytes, dict[tuple[int, bytes], tuple[int, int]]] = {}
        self.played = 0  # games of shared calls played here
        self.reused = 0  # games of shared calls taken from what was kept

    def play(self, etables, n_players, seed, first, n_games, policies, params, check, forced):
        """api.play_batch's result for these games, each kept game taken as kept and
        the others played (in runs of consecutive games) and kept while room is left."""
        # lazy: a cluster worker imports this package before it loads its game
        from analyzer.gameloop import api

        forced = api.no_forced_picks(n_games) if forced is None else np.asarray(forced, np.int64)
        pol, par = api.seat_arrays(policies, params, n_players)
        key = _digest(*etables, np.array([n_players, seed, bool(check)]), pol, par)
        known = self.games.setdefault(key, {})
        # a game by its index and its forced pick (the same index is another game
        # with another pick: the combo tables' games and the all-bot games)
        picks = [row.tobytes() for row in forced]
        found = [known.get((first + i, picks[i])) for i in range(n_games)]
        seats = np.zeros((n_games, n_players, api.S_NF), np.int32)
        inst = np.zeros((n_games, api.inst_width(n_players, []), api.I_NF), np.int32)
        n_inst = np.zeros(n_games, np.int32)
        errors = np.zeros(n_games, np.int32)
        i = 0
        while i < n_games:
            if found[i] is not None:
                k, row = found[i]
                kept = self.kept[k]
                seats[i] = kept.seats[row]
                m = kept.n_inst[row]
                inst = api.with_width(inst, m)
                inst[i, :m] = kept.inst[kept.offsets[row] : kept.offsets[row] + m]
                n_inst[i], errors[i] = m, kept.errors[row]
                self.reused += 1
                i += 1
                continue
            j = i
            while j < n_games and found[j] is None:
                j += 1
            part = api.play_batch(
                etables, n_players, seed, first + i, j - i, policies, params, check, forced[i:j]
            )
            inst = api.with_width(inst, part.inst.shape[1])
            seats[i:j], n_inst[i:j], errors[i:j] = part.seats, part.n_inst, part.errors
            inst[i:j, : part.inst.shape[1]] = part.inst
            self.played += j - i
            self._keep(known, first + i, picks[i:j], part)
            i = j
        return api.BatchResult(first, seats, inst, n_inst, errors)

    def _keep(self, known, first, picks, result) -> None:
        kept = _Kept(result)
        if self.nbytes + kept.nbytes > self.budget:
            return
        self.nbytes += kept.nbytes
        self.kept.append(kept)
        k = len(self.kept) - 1
        for row, pick in enumerate(picks):
            known[(first + row, pick)] = (k, row)


GAMES = SharedGames()  # this process's
