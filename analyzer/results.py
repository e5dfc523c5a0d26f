"""The engine's per-game arrays as pandas tables, and a Parquet writer that streams
them chunk by chunk and leaves either complete files or nothing."""

from __future__ import annotations

import contextlib
import os
import uuid
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from analyzer.engine import core_layout as L
from analyzer.players.params import POLICY_NAMES
from analyzer.variants import team_play, variant_name

SEAT_COLUMNS = (
    "game",
    "seat",
    "seat_number",  # the seat 1-based, as every page and table prints it
    "policy",
    "style",
    "final_vc",
    "rank",
    "win",
    "tokens_on_board",
    "declines",
    "ruleset",  # the game these rows are of: tables of two rulesets never mix
    "variant",  # and its variant (a team variant adds its columns after these)
)
RACE_COLUMNS = (
    "game",
    "seat",
    "seat_number",
    "race",
    "power",
    "column_position",
    "coins_paid",
    "coins_collected",
    "round_picked",
    "round_declined",
    "vc_active",
    "vc_decline",
    "tokens",
    "ruleset",
    "variant",
)


def _names(codes: np.ndarray, names) -> pd.Categorical:
    # Categories fixed to the full name list, so every chunk has the same Arrow
    # schema and the columns sort in id order.
    return pd.Categorical.from_codes(codes.astype(np.int64), categories=list(names))


def _ruleset(n: int, name: str) -> pd.Categorical:
    """The ruleset's name on each of n rows (one byte a row)."""
    return pd.Categorical.from_codes(np.zeros(n, np.int8), categories=[name])


def _variant(n: int, tables) -> pd.Categorical:
    """The played variant's name on each of n rows."""
    return pd.Categorical.from_codes(np.zeros(n, np.int8), categories=[variant_name(tables)])


def seats_frame(result, tables, n_players: int, styles=None, *, ruleset: str) -> pd.DataFrame:
    """One row per game and seat (seat 0 plays first) of a run of ruleset `ruleset`
    (its name); `styles`: the bot or style name each seat played (players/styles.py),
    else the bot's name."""
    # int32 whatever the engine's own width, so the Parquet schema never changes.
    seats = result.seats[:, :n_players, :].astype(np.int32, copy=False)
    n = seats.shape[0]
    col = seats.reshape(n * n_players, L.S_NF)
    if styles is None:
        styles = [POLICY_NAMES[c] for c in seats[0, :, L.S_POLICY]] if n else []
    frame = pd.DataFrame(
        {
            "game": np.repeat(np.arange(result.first, result.first + n, dtype=np.int64), n_players),
            "seat": np.tile(np.arange(n_players, dtype=np.int32), n),
            "seat_number": np.tile(np.arange(1, n_players + 1, dtype=np.int32), n),
            "policy": _names(col[:, L.S_POLICY], POLICY_NAMES),
            "style": pd.Categorical(np.tile(np.asarray(styles, dtype=object), n)),
            "final_vc": col[:, L.S_VC],
            "rank": col[:, L.S_RANK],
            "win": col[:, L.S_WIN] == 1,
            "tokens_on_board": col[:, L.S_TOKENS_ON_BOARD],
            "declines": col[:, L.S_DECLINES],
            "ruleset": _ruleset(n * n_players, ruleset),
            "variant": _variant(n * n_players, tables),
        }
    )
    team = team_play(tables)
    if team is not None:  # a team variant (SWoW's Battle for Azeroth): its columns
        frame = team.add_team_columns(frame, n_players)
    return frame


def instance_rows(result) -> tuple[np.ndarray, np.ndarray]:
    """(game number, inst row) of every race instance in a batch, game by game."""
    n, k_max, _ = result.inst.shape
    used = np.arange(k_max)[None, :] < result.n_inst[:, None]
    game = np.repeat(np.arange(result.first, result.first + n, dtype=np.int64), result.n_inst)
    return game, result.inst[used]  # boolean indexing is row-major: games stay in order


def races_frame(result, tables, *, ruleset: str) -> pd.DataFrame:
    """One row per race a player picked, in the order they were picked, in a run of
    ruleset `ruleset` (its name)."""
    game, rows = instance_rows(result)
    rows = rows.astype(np.int32, copy=False)  # a fixed schema, as in seats_frame
    declined = rows[:, L.I_ROUND_DECLINED]
    return pd.DataFrame(
        {
            "game": game,
            "seat": rows[:, L.I_SEAT],
            "seat_number": rows[:, L.I_SEAT] + 1,
            "race": _names(rows[:, L.I_RACE], tables.race_names),
            "power": _names(rows[:, L.I_POWER], tables.power_names),
            "column_position": rows[:, L.I_SLOT],
            "coins_paid": rows[:, L.I_PAID],
            "coins_collected": rows[:, L.I_COLLECTED],
            "round_picked": rows[:, L.I_ROUND_PICKED],
            # -1 means the race never went into decline: a missing value, not a round.
            "round_declined": pd.arrays.IntegerArray(declined.copy(), declined < 0),
            "vc_active": rows[:, L.I_VC_ACTIVE],
            "vc_decline": rows[:, L.I_VC_DECLINE],
            "tokens": rows[:, L.I_TOKENS],
            "ruleset": _ruleset(len(game), ruleset),
            "variant": _variant(len(game), tables),
        }
    )


class ParquetSink:
    """Streams seats and races tables into out_dir/seats.parquet and races.parquet.

    Each write() adds one row group per file, so memory stays flat however many games
    are played. The data go to hidden temporary files in out_dir and are renamed into
    place only by close(); leaving a `with` block by an exception (KeyboardInterrupt
    included) deletes them instead, so no half-written file is ever left behind.
    """

    NAMES = ("seats", "races")

    def __init__(self, out_dir):
        self.out_dir = Path(out_dir)
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self._writers: dict[str, pq.ParquetWriter] = {}
        self._temps: dict[str, Path] = {}
        self._schemas: dict[str, pa.Schema] = {}
        self.paths = {name: self.out_dir / f"{name}.parquet" for name in self.NAMES}

    def write(self, seats: pd.DataFrame, races: pd.DataFrame) -> None:
        for name, frame in zip(self.NAMES, (seats, races), strict=True):
            self._write(name, frame)

    def _write(self, name: str, frame: pd.DataFrame) -> None:
        if name not in self._writers:
            # A hidden name of our own (not mkstemp, which makes the file private).
            temp = self.out_dir / f".{name}.parquet.{uuid.uuid4().hex[:12]}.tmp"
            self._temps[name] = temp
            self._schemas[name] = pa.Schema.from_pandas(frame, preserve_index=False)
            self._writers[name] = pq.ParquetWriter(temp, self._schemas[name])
        table = pa.Table.from_pandas(frame, schema=self._schemas[name], preserve_index=False)
        self._writers[name].write_table(table, row_group_size=max(len(frame), 1))

    def close(self) -> dict[str, Path]:
        """Finish the files and move them into place; returns their paths."""
        try:
            for writer in self._writers.values():
                writer.close()
        except BaseException:
            self.abort()
            raise
        for name, temp in self._temps.items():
            os.replace(temp, self.paths[name])
        self._writers.clear()
        self._temps.clear()
        return dict(self.paths)

    def abort(self) -> None:
        """Drop everything written so far."""
        for writer in self._writers.values():
            with contextlib.suppress(Exception):  # the file is deleted next anyway
                writer.close()
        for temp in self._temps.values():
            temp.unlink(missing_ok=True)
        self._writers.clear()
        self._temps.clear()

    def __enter__(self) -> ParquetSink:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            self.close()
        else:
            self.abort()
