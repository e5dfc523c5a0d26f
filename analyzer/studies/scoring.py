"""What a study asks of the played ruleset and variant instead of branching on it:
what a seat's win is, which combos and seats a forced pick may take, and a combo's
fair share. `scoring(tables)` answers for the tables a study plays.

- The standard game (`Scoring`): a seat wins its own game (the engine's win column),
  every combo may be forced on every seat, and the fair share is 1 / players.
- A team variant (`TeamScoring`, such as SWoW's Battle for Azeroth, by the team rules
  its ruleset declares: rulesets/content_table.py TEAM): a seat wins when its faction
  does (team_wins, a shared victory counts for each winner); only the seats of a race's
  faction may pick it (SWoW's rulesets/swow/draft.py), so a race whose faction has no
  seat is left out; and a combo's fair share is its faction's team win rate pooled
  over that faction's forced combos (factions differ a lot).
"""

from __future__ import annotations

import numpy as np

from analyzer.variants import team_play, variant_name


class Scoring:
    """The standard game (see the module's text)."""

    team = False
    variant = "standard"
    rules = None  # a team variant's rules (TeamScoring)

    def wins(self, vc: np.ndarray, win: np.ndarray, n_players: int) -> np.ndarray:
        """int64[games, n_players]: each seat's win, from the seats' final VC and the
        engine's individual win column."""
        return np.asarray(win, np.int64)[:, :n_players]

    def seat_share(self, n_players: int) -> float:
        """A seat's fair share of the wins: 1 / players."""
        return 1.0 / n_players

    def forced_pairs(self, pairs: list, tables, n_players: int) -> tuple[list, list[str]]:
        """(the combos a forced pick may take at n_players, the races left out)."""
        return pairs, []

    def seats(self, pairs: np.ndarray, tables, n_players: int):
        """(int64[combos, players] seats each combo may be forced on, int64[combos]
        how many)."""
        n_combos = pairs.shape[0]
        table = np.tile(np.arange(n_players, dtype=np.int64), (n_combos, 1))
        return table, np.full(n_combos, n_players, np.int64)

    def fair_shares(self, wins: np.ndarray, games: np.ndarray, pairs: np.ndarray, tables):
        """(the fair win rate by combo, the same by faction name) from each combo's
        wins and games: None and {} here, where it is 1 / players for every combo."""
        return None, {}

    def label(self, combos, races, powers, pairs, ruleset, fair, faction_fair, grand) -> None:
        """Add to the combo study's tables what this game's fair share needs: nothing
        here (1 / players, the same for every row)."""


class TeamScoring(Scoring):
    """A team variant (see the module's text): `rules`, its team rules; `variant`, its
    name ("" where only a seat's win or seats are asked)."""

    team = True

    def __init__(self, rules, variant: str = ""):
        self.rules, self.variant = rules, variant

    def wins(self, vc, win, n_players):
        wins = self.rules.team_wins(np.asarray(vc)[:, :n_players], n_players, False)
        return wins[:, list(self.rules.seat_teams(n_players, False))].astype(np.int64)

    def seat_share(self, n_players):
        """A seat's faction's even share of the factions at the table."""
        return 1.0 / len(faction_seats(self.rules, n_players))

    def forced_pairs(self, pairs, tables, n_players):
        seated = faction_seats(self.rules, n_players)
        races = tables.ruleset.races
        team = self.rules.race_team
        kept = [pr for pr in pairs if team(races[pr[0]]) in seated]
        left = sorted({races[r].name for r, _ in pairs if team(races[r]) not in seated})
        return kept, left

    def seats(self, pairs, tables, n_players):
        table, count = super().seats(pairs, tables, n_players)
        seated = faction_seats(self.rules, n_players)
        for i, r in enumerate(pairs[:, 0].tolist()):
            mine = seated[self.rules.race_team(tables.ruleset.races[r])]
            table[i, : len(mine)] = mine
            count[i] = len(mine)
        return table, count

    def fair_shares(self, wins, games, pairs, tables):
        races = tables.ruleset.races
        faction = np.array([self.rules.race_team(races[r]) for r in pairs[:, 0].tolist()])
        fair = np.empty(pairs.shape[0])
        by_name = {}
        for f in dict.fromkeys(faction.tolist()):
            mine = faction == f
            fair[mine] = wins[mine].sum() / games[mine].sum()
            by_name[self.rules.TEAMS[f]] = float(fair[mine][0])
        return fair, by_name

    def label(self, combos, races, powers, pairs, ruleset, fair, faction_fair, grand):
        """Each row's faction and fair share (a power meets every seated race: the
        whole study's rate)."""
        names, team = self.rules.TEAMS, self.rules.race_team
        faction = [names[team(ruleset.races[r])] for r in pairs[:, 0].tolist()]
        combos.insert(2, "faction", faction)
        combos["fair"] = fair
        seated = np.unique(pairs[:, 0])
        races.insert(1, "faction", [names[team(ruleset.races[r])] for r in seated])
        races["fair"] = [faction_fair[f] for f in races["faction"]]
        powers["fair"] = grand


def faction_seats(rules, n_players: int) -> dict[int, list[int]]:
    """The team variant's (`rules`: its team rules) seats of each faction seated at
    n_players (seat 0 first)."""
    out: dict[int, list[int]] = {}
    for s, f in enumerate(rules.seat_teams(n_players, False)):
        out.setdefault(f, []).append(s)
    return out


def scoring(tables) -> Scoring:
    """What a win and a fair share are in the game `tables` play."""
    rules = team_play(tables)
    return Scoring() if rules is None else TeamScoring(rules, variant_name(tables))


def for_team(rules) -> Scoring:
    """The scoring of a team variant (`rules`: its team rules) or, for None, of the
    standard game."""
    return TeamScoring(rules) if rules else Scoring()
