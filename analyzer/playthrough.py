"""A played game as readable text: the event log of one seeded game, line by line.

`analyzer replay` prints it; tests/golden/ keeps one checked in, so any change in how
the engine or the bots play shows up as a readable diff.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from analyzer.model import ids

SYMBOL_NAMES = (
    (ids.SYM_MAGIC, "Magic"),
    (ids.SYM_CAVERN, "Cavern"),
    (ids.SYM_MURLOC, "Murloc"),
    (ids.SYM_MOUNTAIN, "Mountain"),
    (ids.SYM_ENTRY, "Entry"),
)


def play_and_describe(
    tables,
    n_players: int,
    seed: int,
    game: int,
    policies: Sequence[str] | str = "heuristic",
    policy_params=None,
) -> str:
    """Play game `game` of `seed` with its log on and return the log as text."""
    from analyzer.engine.api import engine_tables, play_logged
    from analyzer.simulate import resolve_policies, seat_bots

    names = resolve_policies(policies, n_players)
    pol, params = seat_bots(names, n_players, policy_params)
    g, seats = play_logged(engine_tables(tables), n_players, seed, game, pol, params)
    return describe(g, seats, tables, n_players, names, seed, game)


def _region_names(g, tables) -> list[str]:
    from analyzer.engine import core_layout as L
    from analyzer.rulesets import played_content

    # The played ruleset's words for its terrains and symbols (SWoW's unless it names its own).
    content = played_content()
    terrains = getattr(content, "TERRAIN_NAMES", ids.TERRAINS)
    symbol_names = getattr(content, "SYMBOL_NAMES", SYMBOL_NAMES)
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


def describe(g, seats, tables, n_players, policies, seed, game) -> str:
    from analyzer.engine import core_layout as L
    from analyzer.engine import state as S

    races = tables.race_names
    powers = tables.power_names
    markers = tables.marker_names
    regions = _region_names(g, tables)

    def region(r):
        return regions[r] if 0 <= r < len(regions) else f"region {r}"

    def race(x):
        return races[x] if 0 <= x < len(races) else f"race {x}"

    kinds = {
        S.EV_PICK: lambda p, r, a, b: f"picks {race(a // 100)} + {powers[a % 100]} (slot {b})",
        S.EV_CONQUER: lambda p, r, a, b: (
            f"conquers {region(r)} with {a} tokens" + (f" from {race(b)}" if b >= 0 else "")
        ),
        S.EV_DIE: lambda p, r, a, b: (
            f"rolls the die for {region(r)}: {a}, " + ("success" if b else "failure")
        ),
        S.EV_DECLINE: lambda p, r, a, b: f"puts {race(a)} in decline",
        S.EV_SCORE: lambda p, r, a, b: f"scores {a} VC ({b} coins)",
        S.EV_ABANDON: lambda p, r, a, b: f"abandons {region(r)}",
        S.EV_LOSS: lambda p, r, a, b: f"loses {region(r)}, {b} token(s) discarded",
        S.EV_REDEPLOY: lambda p, r, a, b: f"has {a} tokens on {region(r)} after redeploying",
        S.EV_REVEAL: lambda p, r, a, b: f"reveals {markers[a]} on {region(r)}",
        S.EV_WIPE: lambda p, r, a, b: f"{race(a)} are wiped out; the banner returns",
        S.EV_BOMB: lambda p, r, a, b: (
            f"drops a Bomb on {region(r)}"
            if b == 1
            else f"reveals a {'live' if a == 1 else 'dud'} Bomb on {region(r)}"
            if b == 2
            else f"puts the Bomb on {region(r)} back on the stack unrevealed"
        ),
        S.EV_ENLIST: lambda p, r, a, b: f"buys {a} Forsaken token(s)",
        S.EV_HARMONY: lambda p, r, a, b: f"receives {b} VC of Harmony from seat {a + 1}",
        S.EV_POWER: lambda p, r, a, b: (
            f"uses {powers[a]} on {region(r)}" + (f" and {region(b)}" if b >= 0 else "")
        ),
        S.EV_CONVERT: lambda p, r, a, b: (
            f"converts the lone {race(b)} token of seat {a + 1} on {region(r)}"
        ),
        S.EV_MOVE: lambda p, r, a, b: (
            f"moves {markers[a]} to {region(r)}" + (f" from {region(b)}" if b >= 0 else "")
        ),
    }
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
