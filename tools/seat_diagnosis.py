"""Where one bot's seat gains or loses against three seats of another, compared with
the other bot in the same seat on the same games: the baseline. At 4 players, the
bot sits in each seat in turn (games 0..N-1 of the seed for every seat); the
baseline is the same games with all four seats the opponent bot (a game is a
function of its seed and index, so the three other seats see the same deals and
dice until the seat's first choice differs).

Per seat-game it reads the engine's own outputs: the final VC, rank and win (the
seat table), the combos picked (race, power, column slot, coins paid, round picked
and declined: the race rows), and the VC after each round (the event log's scores).
It prints, for the bot and the baseline side by side: win rate (Wilson 95%), mean
final VC and rank, the lead over the best opponent after each round, the races a
game, the column slots of the picks and the coins paid, the declines by round; then
the paired differences (bot minus baseline, t 95% intervals): win, final VC, rank,
own VC and lead after each round; then the same paired win and VC on the games split
by how the bot's first pick compares with the baseline's in the same game (the same
combo, a deeper or a higher slot) and, with the same first combo, its first decline
(earlier, the same round, later or never). docs/bots.md ("Where the search loses
against the lookahead") reports a run.

    .venv/bin/python tools/seat_diagnosis.py --seed 2040 --games-per-seat 50
    .venv/bin/python tools/seat_diagnosis.py --seed 2040 --seeds 2 --games-per-seat 100
    .venv/bin/python tools/seat_diagnosis.py --bot search --set simulations=400

Each game is played on its own with its event log, on one thread (400 seat-games of
one search seat against three lookahead took about 100 s on an idle core).
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def one_game(etables, ids, params, seed, game):
    """A game's (seats table, race rows, VC of every seat after each round [4, rounds])."""
    from analyzer.engine import layout as L
    from analyzer.gameloop import api

    g, seats = api.play_logged(etables, 4, seed, game, ids, params, check=False)
    n_rounds = int(g.gst[L.G_ROUNDS])
    by_round = np.zeros((4, n_rounds + 1))
    for i in range(int(g.gst[L.G_LOG_N])):
        turn, kind, p, _, _, coins = (int(x) for x in g.log[i])
        if kind == L.EV_SCORE:
            by_round[p, min(turn // 4 + 1, n_rounds)] = coins
    for r in range(1, n_rounds + 1):  # a round without a score keeps the last tally
        by_round[:, r] = np.maximum(by_round[:, r], by_round[:, r - 1])
    races = [tuple(int(x) for x in g.inst[k]) for k in range(int(g.gst[L.G_NINST]))]
    return seats.copy(), races, by_round[:, 1:]


def seat_row(played, seat):
    """(seat, vc, rank, win, its race rows, VC after each round of every seat)."""
    from analyzer.engine import layout as L

    seats, races, by_round = played
    mine = [x for x in races if x[L.I_SEAT] == seat]
    return (
        seat,
        int(seats[seat, L.S_VC]),
        int(seats[seat, L.S_RANK]),
        int(seats[seat, L.S_WIN]),
        mine,
        by_round,
    )


def rate(wins: np.ndarray) -> str:
    from statsmodels.stats.proportion import proportion_confint

    if len(wins) == 0:
        return "no games"
    lo, hi = proportion_confint(int(wins.sum()), len(wins), method="wilson")
    return f"{100 * wins.mean():.1f}% ({100 * lo:.1f}-{100 * hi:.1f}, {len(wins)} games)"


def mean_ci(x: np.ndarray, scale: float = 1.0) -> str:
    """The mean of x times scale, with its t 95% interval (scale 100: points)."""
    from scipy import stats

    if len(x) < 2:
        return "too few games"
    x = x * scale
    half = stats.t.ppf(0.975, len(x) - 1) * x.std(ddof=1) / np.sqrt(len(x))
    return f"{x.mean():+.2f} (95%: {x.mean() - half:+.2f} to {x.mean() + half:+.2f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="swow", choices=("swow", "classic"))
    parser.add_argument("--bot", default="search")
    parser.add_argument("--against", default="lookahead")
    parser.add_argument("--games-per-seat", type=int, default=50)
    parser.add_argument("--seed", type=int, default=2040)
    parser.add_argument("--seeds", type=int, default=1, help="seeds --seed onwards, each played")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    if args.games_per_seat < 1 or args.seeds < 1:
        parser.error("--games-per-seat and --seeds must be 1 or more")

    from search_strength import bot_settings  # this folder's tool, beside this one

    import analyzer
    from analyzer.errors import InputError
    from analyzer.players.params import policy_id
    from analyzer.players.styles import bot_of

    try:
        bot, opponent = bot_of(args.bot, "--bot"), bot_of(args.against, "--against")
    except InputError as error:
        parser.exit(2, f"{error}\n")
    mine = bot_settings(bot, args.set, "--set", parser)
    game = analyzer.load_game(args.ruleset)
    from analyzer.engine import layout as L

    etables = game.engine_tables()
    start = time.perf_counter()
    base_ids = [policy_id(opponent[0])] * 4
    base_params = np.array([opponent[1]] * 4)
    data = {"bot": [], "base": []}
    base = {}
    seeds = range(args.seed, args.seed + args.seeds)
    for seed in seeds:
        for seat in range(4):
            ids, params = list(base_ids), base_params.copy()
            ids[seat], params[seat] = policy_id(bot[0]), mine
            for index in range(args.games_per_seat):
                played = one_game(etables, ids, params, seed, index)
                data["bot"].append(seat_row(played, seat))
                if (seed, index) not in base:  # the baseline game is the same for every seat
                    base[seed, index] = one_game(etables, base_ids, base_params, seed, index)
                data["base"].append(seat_row(base[seed, index], seat))
    print(
        f"{args.ruleset}, seeds {seeds[0]} to {seeds[-1]}, {args.games_per_seat} games a seat "
        f"each: one {args.bot}{''.join(', ' + s for s in args.set)} seat against three "
        f"{args.against} (bot), the same seat {args.against} (base); "
        f"{time.perf_counter() - start:.0f} s"
    )

    def col(key, f):
        return np.array([f(r) for r in data[key]], dtype=float)

    for key in ("bot", "base"):
        print(f"\n[{key}] win {rate(col(key, lambda r: r[3]))}")
        print(
            f"  final VC {col(key, lambda r: r[1]).mean():.1f}, "
            f"rank {col(key, lambda r: r[2]).mean():.2f}"
        )
        gap = np.array([r[5][r[0]] - np.delete(r[5], r[0], axis=0).max(axis=0) for r in data[key]])
        print("  VC minus best opponent after round: " + " ".join(f"{x:+.1f}" for x in gap.mean(0)))
        races = data[key]
        print(f"  races a game {np.mean([len(r[4]) for r in races]):.2f}")
        picks = [x for r in races for x in r[4]]
        slots = np.bincount([x[L.I_SLOT] for x in picks], minlength=6)
        print(
            f"  pick slots 0..5: {' '.join(str(int(s)) for s in slots[:6])}; "
            f"coins paid a game {sum(x[L.I_PAID] for x in picks) / len(races):.2f}"
        )
        decl = [x[L.I_ROUND_DECLINED] for x in picks if x[L.I_ROUND_DECLINED] >= 0]
        print(
            f"  declines a game {len(decl) / len(races):.2f}, rounds: "
            + " ".join(f"{r}:{c}" for r, c in enumerate(np.bincount(decl)) if c)
        )
    print("\nPaired, bot minus base, per seat-game:")
    for label, f, scale in (
        ("win, points", lambda r: r[3], 100.0),
        ("final VC", lambda r: r[1], 1.0),
        ("rank", lambda r: r[2], 1.0),
    ):
        print(f"  {label}: {mean_ci(col('bot', f) - col('base', f), scale)}")
    gaps = np.array(
        [
            (b[5][b[0]] - np.delete(b[5], b[0], axis=0).max(0))
            - (a[5][a[0]] - np.delete(a[5], a[0], axis=0).max(0))
            for b, a in zip(data["bot"], data["base"], strict=True)
        ]
    )
    for r in range(gaps.shape[1]):
        print(f"  lead over best opponent after round {r + 1}: {mean_ci(gaps[:, r])}")
    own = np.array(
        [b[5][b[0]] - a[5][a[0]] for b, a in zip(data["bot"], data["base"], strict=True)]
    )
    for r in range(own.shape[1]):
        print(f"  own VC after round {r + 1}: {mean_ci(own[:, r])}")
    first_slot = col("bot", lambda r: r[4][0][L.I_SLOT]) == col("base", lambda r: r[4][0][L.I_SLOT])
    first_same = first_slot & (
        col("bot", lambda r: r[4][0][L.I_RACE]) == col("base", lambda r: r[4][0][L.I_RACE])
    )
    wins = col("bot", lambda r: r[3])

    def first_decline(r):
        d = [x[L.I_ROUND_DECLINED] for x in r[4] if x[L.I_ROUND_DECLINED] >= 0]
        return min(d) if d else 99

    fd = col("bot", first_decline) - col("base", first_decline)
    base_w = col("base", lambda r: r[3])
    vc_diff = col("bot", lambda r: r[1]) - col("base", lambda r: r[1])

    def split(label, mask):
        print(
            f"  {label}: bot {rate(wins[mask])}, base {rate(base_w[mask])}; paired win in points "
            f"{mean_ci(wins[mask] - base_w[mask], 100.0)}, final VC {mean_ci(vc_diff[mask])}"
        )

    print("\nBy how the bot's game departs from the base game (the same games, paired):")
    slot_diff = col("bot", lambda r: r[4][0][L.I_SLOT]) - col("base", lambda r: r[4][0][L.I_SLOT])
    split("first combo the same", first_same)
    split("first combo another, a deeper slot", ~first_same & (slot_diff > 0))
    split("first combo another, a higher slot", ~first_same & (slot_diff < 0))
    split("first combo the same, first decline earlier", first_same & (fd < 0))
    split("first combo the same, first decline the same round", first_same & (fd == 0))
    split("first combo the same, first decline later or never", first_same & (fd > 0))
    for key in ("bot", "base"):
        slot = col(key, lambda r: r[4][0][L.I_SLOT])
        won = col(key, lambda r: r[3])
        print(
            f"  [{key}] win by its first pick's slot: 0-1 {rate(won[slot <= 1])}; "
            f"2-3 {rate(won[(slot >= 2) & (slot <= 3)])}; 4-5 {rate(won[slot >= 4])}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
