"""One bot's strength, as docs/bots.md reports the lookahead bot's: one seat of a bot
(default: lookahead) against three seats of another (default: heuristic), at 4
players, the bot in each seat in turn on the same games of the seed. Prints its win
rate (a tie counts as a win for all who share it; in Battle for Azeroth its team's
win, a shared victory counting half) with its Wilson 95% interval and games, and, in
the standard game, its mean VC margin (its final score minus the best other seat's).
With --paired, also the other bot alone in every seat on the same games, and the bot's
paired gain: its seat's wins minus the other bot's in that seat (95% interval).

    .venv/bin/python tools/bot_strength.py --against tuned --games-per-seat 300
    .venv/bin/python tools/bot_strength.py --variant bfa --games-per-seat 250
    .venv/bin/python tools/bot_strength.py --bot tuned --games-per-seat 10000 --seed 2 --paired
"""

from __future__ import annotations

import argparse

import numpy as np

PLAYERS = 4


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="swow", choices=("swow", "classic"))
    parser.add_argument("--variant", default="standard", choices=("standard", "bfa"))
    parser.add_argument("--bot", default="lookahead")
    parser.add_argument("--against", default="heuristic")
    parser.add_argument("--games-per-seat", type=int, default=500)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--paired", action="store_true")
    args = parser.parse_args()
    if args.games_per_seat < 1:
        parser.error("--games-per-seat must be 1 or more")
    if args.variant == "bfa" and args.ruleset != "swow":
        parser.error("--variant bfa is Small World of Warcraft's (--ruleset swow)")

    import analyzer
    from analyzer.errors import InputError
    from analyzer.players.styles import bot_of

    try:
        bot, opponent = bot_of(args.bot, "--bot"), bot_of(args.against, "--against")
    except InputError as error:
        parser.exit(2, f"{error}\n")
    game = analyzer.load_game(args.ruleset, args.variant)
    from statsmodels.stats.proportion import proportion_confint

    from analyzer.engine import api
    from analyzer.engine import layout as L
    from analyzer.players.params import policy_id

    tables = game.default_tables()
    if args.variant == "bfa":
        from analyzer.rulesets.swow.bfa import bfa_tables, seat_factions, team_wins

        tables = bfa_tables(tables, PLAYERS)
    etables = api.engine_tables(tables)

    def play(seat: int) -> tuple[np.ndarray, np.ndarray]:
        """(win per game of seat `seat`, its VC margin per game); the bot plays that
        seat, or nobody (seat -1: the other bot everywhere)."""
        ids = [policy_id(opponent[0])] * PLAYERS
        params = np.array([opponent[1]] * PLAYERS)
        if seat >= 0:
            ids[seat], params[seat] = policy_id(bot[0]), bot[1]
        result = api.play_batch(etables, PLAYERS, args.seed, 0, args.games_per_seat, ids, params)
        if result.errors.max() != 0:
            raise SystemExit("a game broke a rule: see analyzer simulate --check")
        vc = result.seats[:, :, L.S_VC].astype(np.int64)
        if args.variant == "bfa":
            won = team_wins(vc, PLAYERS)  # bool[games, faction]
            share = np.where(won.sum(axis=1) > 1, 0.5, 1.0)
            win = [np.where(won[:, f], share, 0.0) for f in seat_factions(PLAYERS)]
        else:
            win = [result.seats[:, s, L.S_WIN].astype(np.float64) for s in range(PLAYERS)]
        margin = [vc[:, s] - np.delete(vc, s, axis=1).max(axis=1) for s in range(PLAYERS)]
        return np.stack(win, axis=1), np.stack(margin, axis=1)

    played = [play(seat) for seat in range(PLAYERS)]
    test = np.concatenate([win[:, seat] for seat, (win, _) in enumerate(played)])
    margins = np.concatenate([margin[:, seat] for seat, (_, margin) in enumerate(played)])
    wins, games = float(test.sum()), test.size
    lo, hi = proportion_confint(wins, games, method="wilson")
    line = (
        f"{args.ruleset} ({args.variant}): one {args.bot} seat against three "
        f"{args.against}, seed {args.seed}: {wins:g} wins in {games} games, "
        f"{100 * wins / games:.1f}% (Wilson 95%: {100 * lo:.1f}% to {100 * hi:.1f}%)"
    )
    if args.variant == "standard":
        line += f"; mean VC margin {margins.mean():+.1f}"
    if args.paired:
        from analyzer.stats import mean_se, normal_interval

        alone = play(-1)[0]
        ref = np.concatenate([alone[:, seat] for seat in range(PLAYERS)])
        gain, se = mean_se(test - ref)
        g_lo, g_hi = normal_interval(gain, se)
        line += (
            f"; {args.against} alone in the same seats {100 * ref.mean():.1f}%, "
            f"paired gain {100 * gain:+.1f} points (95%: {100 * g_lo:+.1f} to {100 * g_hi:+.1f})"
        )
    print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
