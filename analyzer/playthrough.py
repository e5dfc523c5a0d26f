"""A played game as readable text: the event log of one seeded game, line by line.

`analyzer replay` prints it; tests/golden/ keeps one checked in, so any change in how
the engine or the bots play shows up as a readable diff.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Sequence

import numpy as np

from analyzer.engine import core_layout as L
from analyzer.gameloop.api import engine_tables, play_logged
from analyzer.simulate import resolve_policies, seat_bots

# What a ruleset's event texts (EVENT_TEXTS in its tables.py: kind -> fn(words, p, r,
# a, b)) may say: each function turns an id into its name in the played content.
Words = namedtuple("Words", ["region", "race", "power", "marker"])


def play_and_describe(
    played,
    tables,
    n_players: int,
    seed: int,
    game: int,
    policies: Sequence[str] | str = "heuristic",
    policy_params=None,
) -> str:
    """Play game `game` of `seed` of `played` (the Game load_game gives; `tables`: its
    rules as played) with its log on and return the log as text."""
    names = resolve_policies(policies, n_players)
    pol, params = seat_bots(names, n_players, policy_params)
    g, seats = play_logged(engine_tables(tables), n_players, seed, game, pol, params)
    return describe(g, seats, tables, n_players, names, seed, game, content=played.content())


def _region_names(g, tables, content) -> list[str]:
    # The ruleset's words for its terrains and symbols (its tables.py).
    terrains = content.TERRAIN_NAMES
    symbol_names = content.SYMBOL_NAMES
    n = int(g.gst[L.G_NREG])
    out = []
    first_of_face: dict[int, int] = {}
    for r in range(n):
        face = int(g.board[r, L.B_FACE])
        first_of_face.setdefault(face, r)
        local = r - first_of_face[face]
        terrain = terrains[int(g.board[r, L.B_TERRAIN])]
        symbols = [name for bit, name in symbol_names if g.board[r, L.B_SYMBOLS] & bit]
        extra = f", {'/'.join(symbols)}" if symbols else ""
        out.append(f"{tables.face_names[face]} #{local} ({terrain}{extra})")
    return out


def describe(g, seats, tables, n_players, policies, seed, game, *, content) -> str:
    """The log of game `game` as text, in the words of `content` (the ruleset's content
    module, Game.content())."""
    races = tables.race_names
    powers = tables.power_names
    markers = tables.marker_names
    regions = _region_names(g, tables, content)

    def region(r):
        return regions[r] if 0 <= r < len(regions) else f"region {r}"

    def race(x):
        return races[x] if 0 <= x < len(races) else f"race {x}"

    kinds = {
        L.EV_PICK: lambda p, r, a, b: f"picks {race(a // 100)} + {powers[a % 100]} (slot {b})",
        L.EV_CONQUER: lambda p, r, a, b: (
            f"conquers {region(r)} with {a} tokens" + (f" from {race(b)}" if b >= 0 else "")
        ),
        L.EV_DIE: lambda p, r, a, b: (
            f"rolls the die for {region(r)}: {a}, " + ("success" if b else "failure")
        ),
        L.EV_DECLINE: lambda p, r, a, b: f"puts {race(a)} in decline",
        L.EV_SCORE: lambda p, r, a, b: f"scores {a} VC ({b} coins)",
        L.EV_ABANDON: lambda p, r, a, b: f"abandons {region(r)}",
        L.EV_LOSS: lambda p, r, a, b: f"loses {region(r)}, {b} token(s) discarded",
        L.EV_REDEPLOY: lambda p, r, a, b: f"has {a} tokens on {region(r)} after redeploying",
        L.EV_REVEAL: lambda p, r, a, b: f"reveals {markers[a]} on {region(r)}",
        L.EV_WIPE: lambda p, r, a, b: f"{race(a)} are wiped out; the banner returns",
        L.EV_POWER: lambda p, r, a, b: (
            f"uses {powers[a]} on {region(r)}" + (f" and {region(b)}" if b >= 0 else "")
        ),
        L.EV_MOVE: lambda p, r, a, b: (
            f"moves {markers[a]} to {region(r)}" + (f" from {region(b)}" if b >= 0 else "")
        ),
    }
    words = Words(region, race, lambda x: powers[x], lambda x: markers[x])
    for kind, text in getattr(content, "EVENT_TEXTS", {}).items():
        kinds[kind] = lambda p, r, a, b, text=text: text(words, p, r, a, b)
    lines = [
        f"# Game {game} of seed {seed}: {n_players} players ({', '.join(policies)})",
        "# boards: " + ", ".join(dict.fromkeys(tables.face_names[int(f)]
                                              for f in g.board[: int(g.gst[L.G_NREG]), L.B_FACE])),
    ]  # fmt: skip
    turn = -1
    n_events = int(g.gst[L.G_LOG_N])
    for i in range(n_events):
        t, kind, p, r, a, b = (int(x) for x in g.log[i])
        if t != turn:
            turn = t
            lines.append(f"\nturn {t + 1} (round {t // n_players + 1}), seat {t % n_players + 1}")
        text = kinds.get(kind)
        body = text(p, r, a, b) if text else f"event {kind}: region {r}, a={a}, b={b}"
        lines.append(f"  {f'seat {p + 1}' if p >= 0 else 'the game'} {body}")
    if n_events >= g.log.shape[0]:
        lines.append(f"(log full after {n_events} events)")
    lines.append("\nfinal:")
    for p in range(n_players):
        s = np.asarray(seats[p])
        lines.append(
            f"  seat {p + 1}: {int(s[L.S_VC])} VC, rank {int(s[L.S_RANK])}"
            + (" (winner)" if s[L.S_WIN] else "")
            + f", {int(s[L.S_TOKENS_ON_BOARD])} tokens on the boards, "
            f"{int(s[L.S_DECLINES])} declines"
        )
    return "\n".join(lines) + "\n"
