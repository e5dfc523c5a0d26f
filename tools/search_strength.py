"""The search bot's strength, as docs/bots.md reports it: one seat of a bot (default:
search) against three seats of another (default: lookahead), every bot at its
default budget, at 4 players, the bot in each seat in turn on the same games of the
seed. Prints its win rate (a tie counts as a win for all who share it), its Wilson
95% interval, the games, and the games a second.

    .venv/bin/python tools/search_strength.py --against lookahead --games-per-seat 100
    .venv/bin/python tools/search_strength.py --ruleset classic --against heuristic
    .venv/bin/python tools/search_strength.py --seed 11 --set simulations=400 --set candidates=4
"""

from __future__ import annotations

import argparse
import time

import numpy as np


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
    from analyzer.players.params import PARAMS_BY_POLICY

    names = PARAMS_BY_POLICY[bot[0]]
    for item in args.set:
        name, _, value = item.partition("=")
        try:
            bot[1][names[name][0]] = float(value)
        except (KeyError, ValueError):
            parser.exit(
                2,
                f"--set {item!r}: expected NAME=NUMBER with NAME one of {bot[0]}'s "
                f"parameters: {', '.join(names)}\n",
            )
    setting = "".join(f", {item}" for item in args.set)
    game = analyzer.load_game(args.ruleset)
    from statsmodels.stats.proportion import proportion_confint

    from analyzer.engine import layout as L
    from analyzer.gameloop import api
    from analyzer.players.params import policy_id

    etables = game.engine_tables()
    ids = [policy_id(bot[0])] + [policy_id(opponent[0])] * 3
    api.play_batch(etables, 4, args.seed, 0, 1, ids, np.array([bot[1]] + [opponent[1]] * 3))
    wins = games = 0
    start = time.perf_counter()  # after the warm-up game (load or compile the engine)
    for seat in range(4):
        ids = [policy_id(opponent[0])] * 4
        params = np.array([opponent[1]] * 4)
        ids[seat], params[seat] = policy_id(bot[0]), bot[1]
        result = api.play_batch(etables, 4, args.seed, 0, args.games_per_seat, ids, params)
        if result.errors.max() != 0:
            raise SystemExit("a game broke a rule: see analyzer simulate --check")
        wins += int(result.seats[:, seat, L.S_WIN].sum())
        games += args.games_per_seat
    seconds = time.perf_counter() - start
    lo, hi = proportion_confint(wins, games, method="wilson")
    print(
        f"{args.ruleset}: one {args.bot}{setting} seat "
        f"against three {args.against}, seed {args.seed}: won {wins} of {games} games, "
        f"{100 * wins / games:.1f}% (Wilson 95%: {100 * lo:.1f}% to {100 * hi:.1f}%); "
        f"{games / seconds:.1f} games/s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
