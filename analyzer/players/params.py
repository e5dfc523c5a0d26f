"""The bots' parameter vectors: names, defaults and what each means.

A bot style is a plain float vector so studies can sweep any entry. Pure Python
(no numba) so the CLI and the studies can read the names without compiling.
"""

from __future__ import annotations

import importlib

import numpy as np

from analyzer.ruleset_registry import RULESETS_DIR, ruleset_package, shipped_rulesets

RANDOM = 0
HEURISTIC = 1
LOOKAHEAD = 2
SEARCH = 3
POLICY_NAMES = ("random", "heuristic", "lookahead", "search")
# The bots that play imagined games to choose (hundreds of times slower than the heuristic).
SEARCHING_POLICIES = ("lookahead", "search")

N_POLICY_PARAMS = 21

# What choose_target asks for: a conquest, the final die attempt, or the special
# assault a ruleset offers (bot_hooks.assault_open: SWoW's Gnomes; players/policy.py).
TARGET_CONQUER, TARGET_DIE, TARGET_ASSAULT = range(3)

# Heuristic bot (players/heuristic.py)
(
    H_DECLINE_TOKENS,  # decline when fewer tokens than this are free to attack
    H_DECLINE_MIN_AGE,  # ...but only once the race has played this many turns
    H_DECLINE_AT_AGE,  # > 0: always decline once the race has played this many turns
    H_TOKEN_VALUE,  # combo pick: worth of one token, in coins (per turn left: H_TOKEN_TURNS)
    H_ABILITY_WEIGHT,  # combo pick: weight of the race and power ability values
    H_AGGRESSION,  # conquest: extra worth of taking an opponent's region
    H_LEADER_FOCUS,  # conquest: extra worth when that opponent leads by the public tally
    H_RESERVE,  # conquest: tokens held back from conquest for defence
    H_ENTRY_THREAT,  # redeploy: how threatened an Entry region is, per opponent
    H_DECLINE_ROUND,  # > 0: decline in exactly this round (race at least a turn old), else never
    H_TOKEN_TURNS,  # combo pick: > 0: a token is worth token_value per turn left, up to this many
    H_COIN_VALUE,  # combo pick: worth of one coin paid for (or lying on) a combo
    H_ALLY_CARE,  # team variants: how much hurting the ally costs (0: ignore the alliance)
) = range(13)
# The ruleset's own slots follow: its botparams.py names them in BOT_PARAMS (name ->
# (offset from H_RULESET, default, (low, high))), and its bots' hooks read them.
H_RULESET = 13
N_RULESET_BOT_PARAMS = 3


def ruleset_bot_params() -> dict[str, tuple[int, float, tuple[float, float]]]:
    """Every shipped ruleset's own bot parameters (BOT_PARAMS in its botparams.py,
    where it has one): name -> (slot in the vector, default, (low, high)). Found by
    file, so no ruleset is named here (and no numba imported); a scenario may set
    them whichever ruleset it plays."""

    found: dict[str, tuple[int, float, tuple[float, float]]] = {}
    for name in shipped_rulesets():
        if not (RULESETS_DIR / name / "botparams.py").is_file():
            continue
        module = importlib.import_module(f"{ruleset_package(name)}.botparams")
        for key, (offset, default, bounds) in module.BOT_PARAMS.items():
            where = f"analyzer/rulesets/{name}/botparams.py: BOT_PARAMS[{key!r}]"
            if not 0 <= offset < N_RULESET_BOT_PARAMS:
                raise ValueError(
                    f"{where} has offset {offset}; a ruleset has {N_RULESET_BOT_PARAMS} "
                    f"bot parameter slots, offsets 0 to {N_RULESET_BOT_PARAMS - 1} "
                    "(players/params.py N_RULESET_BOT_PARAMS)"
                )
            entry = (H_RULESET + offset, float(default), bounds)
            if found.get(key, entry) != entry:
                raise ValueError(f"{where} = {entry} differs from another ruleset's {found[key]}")
            found[key] = entry
    return found


RULESET_BOT_PARAMS = ruleset_bot_params()

HEURISTIC_PARAMS = {
    "decline_tokens": (H_DECLINE_TOKENS, 5.0),
    "decline_min_age": (H_DECLINE_MIN_AGE, 2.0),
    "decline_at_age": (H_DECLINE_AT_AGE, 0.0),
    "token_value": (H_TOKEN_VALUE, 0.7),
    "ability_weight": (H_ABILITY_WEIGHT, 1.0),
    "aggression": (H_AGGRESSION, 0.3),
    "leader_focus": (H_LEADER_FOCUS, 0.3),
    "reserve": (H_RESERVE, 0.0),
    "entry_threat": (H_ENTRY_THREAT, 0.3),
    "decline_round": (H_DECLINE_ROUND, 0.0),
    "token_turns": (H_TOKEN_TURNS, 4.0),
    "coin_value": (H_COIN_VALUE, 1.0),
    "ally_care": (H_ALLY_CARE, 1.0),
    # the rulesets' own (their botparams.py)
    **{name: (slot, default) for name, (slot, default, _) in RULESET_BOT_PARAMS.items()},
}

# Lookahead bot (gameloop/lookahead.py): plays the heuristic with the parameters
# above, but chooses its combo, its decline and its conquest plan for the turn by
# playing each option out (its budget below).
(
    L_ROLLOUTS,  # rollouts per option
    L_HORIZON,  # rounds played out after this turn (0: to the end of the game)
    L_CANDIDATES,  # combo pick: how many slots it weighs (the heuristic's best first)
    L_PLANS,  # conquest plans it weighs for the turn (1 to N_PLANS: the heuristic's first)
    L_PRUNE,  # > 0: drops an option trailing the leader by this many standard errors
) = range(16, 21)
N_PLANS = 4

LOOKAHEAD_PARAMS = {
    **HEURISTIC_PARAMS,
    "rollouts": (L_ROLLOUTS, 24.0),
    "horizon": (L_HORIZON, 0.0),
    "candidates": (L_CANDIDATES, 3.0),
    "plans": (L_PLANS, 3.0),
    "prune": (L_PRUNE, 4.0),
}

# Search bot (gameloop/search.py): plays the heuristic, but chooses its combo, its
# decline and its plan for the turn by a Monte Carlo tree search over those options
# (the same slots as the lookahead's budget, other meanings). Where it does not search
# (its conquests and redeployment, and its own later turns in its imagined games) it
# plays the heuristic with the `steady` style's parameters (styles.toml), not the
# default's: so it wins about 10 points more against three lookahead seats, in both
# rulesets (docs/bots.md, "The search's own heuristic"; a test keeps them the style's).
SEARCH_HEURISTIC = {
    "token_value": 0.88,
    "token_turns": 4.84,
    "coin_value": 0.691,
    "ability_weight": 0.802,
    "aggression": 0.385,
    "leader_focus": 0.102,
    "reserve": 0.044,
    "entry_threat": 0.635,
    "decline_tokens": 2.56,
    "decline_min_age": 1.98,
}
(
    S_SIMULATIONS,  # imagined games per decision (the budget)
    S_HORIZON,  # rounds played out after this turn (0: to the end of the game)
    S_CANDIDATES,  # combo pick: how many slots it weighs (the heuristic's best first)
    S_WIDENING,  # options searched: 1 + widening * sqrt(simulations so far, or all of them)
    S_EXPLORATION,  # > 0: PUCT with this exploration constant; 0: sequential halving
) = range(16, 21)
N_SEARCH_PLANS = 8

SEARCH_PARAMS = {
    **{
        name: (slot, SEARCH_HEURISTIC.get(name, default))
        for name, (slot, default) in HEURISTIC_PARAMS.items()
    },
    "simulations": (S_SIMULATIONS, 300.0),
    "horizon": (S_HORIZON, 0.0),
    "candidates": (S_CANDIDATES, 6.0),
    "widening": (S_WIDENING, 0.4),
    "exploration": (S_EXPLORATION, 0.0),
}

# Random bot (players/random_player.py)
R_ABANDON = 0  # chance of abandoning each region when readying troops
RANDOM_PARAMS = {"abandon": (R_ABANDON, 0.1)}

PARAMS_BY_POLICY = {
    "random": RANDOM_PARAMS,
    "heuristic": HEURISTIC_PARAMS,
    "lookahead": LOOKAHEAD_PARAMS,
    "search": SEARCH_PARAMS,
}


def default_vector(policy: str, **overrides: float) -> np.ndarray:
    """The parameter vector of a bot, defaults replaced by any overrides."""
    table = PARAMS_BY_POLICY[policy]
    vec = np.zeros(N_POLICY_PARAMS, np.float64)
    for _name, (index, value) in table.items():
        vec[index] = value
    for name, value in overrides.items():
        vec[table[name][0]] = value
    return vec


def policy_id(name: str) -> int:
    return POLICY_NAMES.index(name)
