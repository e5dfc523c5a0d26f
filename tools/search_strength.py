"""The search bot's strength, as docs/bots.md reports it: one seat of a bot (default:
search) against three seats of another (default: lookahead), every bot at its
default budget, at 4 players, the bot in each seat in turn on the same games of the
seed. Prints its win rate (a tie counts as a win for all who share it), its Wilson
95% interval, the games, and the games a second.

    .venv/bin/python tools/search_strength.py --against lookahead --games-per-seat 100
    .venv/bin/python tools/search_strength.py --ruleset classic --against heuristic
    .venv/bin/python tools/search_strength.py --seed 11 --set simulations=400 --set candidates=4

With --compare NAME=VALUE (repeatable) it plays the same games a second time with those
settings in place of --set's, and prints the paired difference of the two win rates
(the second minus the first) with its 95% interval over the games.
"""

from __future__ import annotations

import argparse
import difflib
import time

import numpy as np


def bot_settings(bot, items: list[str], flag: str, parser) -> np.ndarray:
    """`bot`'s parameter vector (bot_of's (policy, vector)) with each NAME=VALUE of
    `items` set; a bad item ends the run with exit 2 naming the valid names and the
    closest one (seat_diagnosis.py asks it too)."""
    from analyzer.players.params import PARAMS_BY_POLICY

    names = PARAMS_BY_POLICY[bot[0]]
    params = bot[1].copy()
    for item in items:
        name, _, value = item.partition("=")
        try:
            params[names[name][0]] = float(value)
        except (KeyError, ValueError):
            close = difflib.get_close_matches(name, list(names), n=1)
            hint = f" Did you mean {close[0]!r}?" if close else ""
            parser.exit(
                2,
                f"{flag} {item!r}: expected NAME=NUMBER with NAME one of {bot[0]}'s "
                f"parameters: {', '.join(names)}.{hint}\n",
            )
    return params


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="swow", choices=("swow", "classic"))
    parser.add_argument("--bot", default="search")
    parser.add_argument("--against", default="lookahead")
    parser.add_argument("--games-per-seat", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="one of --bot's parameters (players/params.py), e.g. simulations=400; repeatable",
    )
    parser.add_argument(
        "--compare",
        action="append",
        default=None,
        metavar="NAME=VALUE",
        help="play the same games again with these settings instead; repeatable",
    )
    args = parser.parse_args()
    if args.games_per_seat < 1:
        parser.error("--games-per-seat must be 1 or more")

    import analyzer
    from analyzer.errors import InputError
    from analyzer.players.styles import bot_of

    try:
        bot, opponent = bot_of(args.bot, "--bot"), bot_of(args.against, "--against")
    except InputError as error:
        parser.exit(2, f"{error}\n")
    versions = [(args.set, bot_settings(bot, args.set, "--set", parser))]
    if args.compare is not None:
        versions.append((args.compare, bot_settings(bot, args.compare, "--compare", parser)))
    game = analyzer.load_game(args.ruleset)
    from statsmodels.stats.proportion import proportion_confint

    from analyzer.engine import layout as L
    from analyzer.gameloop import api
    from analyzer.players.params import policy_id

    etables = game.engine_tables()
    for _, params in versions:  # warm-up games: load or compile the engine
        ids = [policy_id(bot[0])] + [policy_id(opponent[0])] * 3
        api.play_batch(etables, 4, args.seed, 0, 1, ids, np.array([params] + [opponent[1]] * 3))
    wins = np.zeros((len(versions), 4, args.games_per_seat))
    seconds = np.zeros(len(versions))
    for seat in range(4):  # each version in turn on the seat's games: paired, interleaved
        for v, (_, mine) in enumerate(versions):
            ids = [policy_id(opponent[0])] * 4
            params = np.array([opponent[1]] * 4)
            ids[seat], params[seat] = policy_id(bot[0]), mine
            start = time.perf_counter()
            result = api.play_batch(etables, 4, args.seed, 0, args.games_per_seat, ids, params)
            seconds[v] += time.perf_counter() - start
            if result.errors.max() != 0:
                raise SystemExit("a game broke a rule: see analyzer simulate --check")
            wins[v, seat] = result.seats[:, seat, L.S_WIN]
    games = 4 * args.games_per_seat
    for v, (items, _) in enumerate(versions):
        won = int(wins[v].sum())
        lo, hi = proportion_confint(won, games, method="wilson")
        setting = "".join(f", {item}" for item in items)
        print(
            f"{args.ruleset}: one {args.bot}{setting} seat "
            f"against three {args.against}, seed {args.seed}: won {won} of {games} games, "
            f"{100 * won / games:.1f}% (Wilson 95%: {100 * lo:.1f}% to {100 * hi:.1f}%); "
            f"{games / seconds[v]:.1f} games/s"
        )
    if len(versions) == 2:
        from scipy import stats

        diff = (wins[1] - wins[0]).ravel()
        half = stats.t.ppf(0.975, games - 1) * diff.std(ddof=1) / np.sqrt(games)
        print(
            f"paired, the second minus the first: {100 * diff.mean():+.1f} points "
            f"(95%: {100 * (diff.mean() - half):+.1f} to {100 * (diff.mean() + half):+.1f}); "
            f"speed ratio {seconds[0] / seconds[1]:.2f} (interleaved on the same games)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
