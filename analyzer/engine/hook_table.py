"""Every hook a ruleset gives the core, in one table: its name, its group (the
module of the ruleset's `hooks/` package that gives it), its arguments, whether the
core has a neutral default, and what it is for.

A ruleset package gives its hooks in `hooks/rules.py`, `hooks/bots.py`,
`hooks/turn.py` and `hooks/precompile.py`. The core's hook modules
(engine/rule_hooks.py, bot_hooks.py, turn_hooks.py) are made from this table
(`bind`): each binds every hook of its group to the ruleset's own or, when the
ruleset gives none, to the core's neutral one of the same name
(engine/neutral_hooks/<group>.py: what a ruleset with no ability there does).
A hook without a neutral default is required. `check_module` says what a ruleset's
hooks module gets wrong: a name the table does not know, a required hook missing,
arguments other than the table's; `bind` refuses such a module, and
tests/test_hook_table.py runs it over every playable ruleset.

Plain data and plain Python: importing this module imports neither numba nor a
ruleset. docs/hooks.md tells how to add a hook.
"""

from __future__ import annotations

import difflib
import inspect
from dataclasses import dataclass
from types import ModuleType

from analyzer.errors import RulesetCodeError, shown_path

GROUPS = ("rules", "bots", "turn", "precompile")


@dataclass(frozen=True)
class Hook:
    name: str
    group: str  # GROUPS
    args: tuple[str, ...] | None  # a function's argument names; None for a constant
    required: bool  # False: engine/neutral_hooks/<group>.py has the neutral default
    purpose: str

    @property
    def signature(self) -> str:
        return self.name if self.args is None else f"{self.name}({', '.join(self.args)})"


def _hooks(group: str, rows: str) -> list[Hook]:
    """One hook a row: `name(args) | default | purpose`, default being `neutral` or
    `required`; a constant has no parentheses. A line that starts with `|` goes on
    with the row above (a long signature); any other line without `|`, with its
    purpose."""
    lines: list[str] = []
    for line in rows.strip().splitlines():
        if line.strip().startswith("|"):
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    hooks: list[Hook] = []
    for line in lines:
        if "|" not in line:
            last = hooks.pop()
            hooks.append(Hook(last.name, group, last.args, last.required,
                              f"{last.purpose} {line.strip()}"))  # fmt: skip
            continue
        head, default, purpose = (part.strip() for part in line.split("|"))
        if "(" in head:
            name, _, rest = head.partition("(")
            args = tuple(a.strip() for a in rest.rstrip(")").split(",") if a.strip())
        else:
            name, args = head, None
        assert default in ("neutral", "required"), line
        hooks.append(Hook(name.strip(), group, args, default == "required", purpose))
    return hooks


HOOKS: list[Hook] = []

# ---------------------------------------------------------------------- rules
# Called by engine/setup.py, column.py, conquest.py, decline.py, scoring.py,
# invariants.py, game.py, and the bots.
HOOKS += _hooks(
    "rules",
    """
    choose_faces(t, n_players, rng, chosen) | neutral | the board faces of a game (default: drawn
        at random, faces.draw_faces); returns how many
    place_pieces(g, t, rng) | required | the pieces on the board at setup (the race of nobody,
        Mountains, the ruleset's own)
    pieces_after_stacks(g, t, rng) | neutral | setup pieces placed once the race and power stacks
        are shuffled
    lay_out_draft(g, t, rng) | neutral | lay out the combos to pick from (default: the core's
        column)
    offer_combos(g, t, p) | neutral | how many combos p may choose from now
    take_combo(g, t, rng, p_coins, slot) | neutral | hand over the combo at slot: (race, power,
        coins collected)
    return_race(g, t, rng, race) | neutral | a race that leaves the game goes back to the draft
    banners_in_draft(g, t, seen) | neutral | mark the races still to be drawn (seen[race] = 1)
    redeal_hidden(g, t, p) | neutral | deal again what p cannot see, for a bot's imagined game
    REENTER_BY_ENTRY | neutral | True: a race with regions may still land on any Entry region
        (paying travel)
    may_enter_water(race, power) | neutral | whether the race may conquer a water region
    region_immune(reg, r) | neutral | whether nobody may attack r
    region_defence(reg, r) | neutral | tokens a region's pieces add to its conquest cost
    conquest_fee_owed(ply, p) | neutral | the fee p owes before some conquests this turn (0: none)
    conquest_fee(reg, r, owed) | neutral | coins p must hold to attack r, given the fee owed
    guard_price(reg, p, r) | neutral | coins p pays a piece's owner before attacking r
    conquest_toll(ply, reg, p, r, terrain) | neutral | who p pays a coin to for conquering r (-1:
        nobody)
    modify_cost(board, reg, r, race, power, form, terrain, nonempty, cost, least) | neutral | the
        race's and power's change to a region's conquest cost (at least `least`)
    reaches_as_adjacent(race, power, form, symbols) | neutral | whether the race reaches a region
        with these symbols as if adjacent
    first_conquest_entry(race, power, symbols, water) | neutral | whether a first conquest may
        start on such a region beyond the Entry ones
    pays_travel(g, p) | neutral | whether p pays the travel cost to a non-adjacent Entry region
    least_conquest_tokens(t, race) | neutral | tokens any conquest needs at least
    min_region_tokens(race) | neutral | tokens that stay on each active region when troops are
        readied
    open_modes(held_up, race, used, on_map) | neutral | the conquest modes (bits) open to the race,
        from the pieces its regions hold
    held_bits(reg, r) | neutral | the bits of the pieces on r that open conquest modes
    token_pieces(reg, r) | neutral | the pieces on r that count as race tokens of its holder
        (SWoW's Beasts and Champion)
    after_conquest(g, t, p, r, def_player, def_race, def_tokens) | neutral | what a conquest of r
        pays p (VC) beyond the region
    tokens_lost(g, t, q, r, decline, n, attacker) | neutral | how many of the defender's n tokens
        are lost (the rest go to hand)
    tokens_killed(g, p, n) | neutral | the conqueror p killed n tokens
    region_taken(g, p, r) | neutral | p has just taken r (its tokens and pieces placed)
    pieces_fall(reg, r) | neutral | the holder's pieces on r are removed
    region_emptied(g, r) | neutral | r is left empty (abandoned or lost)
    pieces_to_hand(reg, ply, p, r) | neutral | pieces on r that go to hand with the tokens readied
    pieces_from_hand(reg, ply, p, r, n, keep) | neutral | pieces that go out with n tokens onto r
        (keeping `keep`); returns how many
    hand_empty(ply, p) | neutral | whether p has nothing left in hand after redeployment
    race_tokens_in_hand(ply, p) | neutral | race tokens in p's hand (the ruleset's pieces aside)
    race_tokens_in_play(g, race) | neutral | the race's tokens on the boards and in hands (the box
        limits new ones)
    final_die(power) | neutral | whether the race may make the final attempt with the die
    decline_keep(race) | neutral | tokens a race keeps per region when it goes into decline
    on_decline(g, t, p) | neutral | p's active race goes into decline
    power_lasts_in_decline(power) | neutral | whether the power keeps working in decline
    into_spare_decline(g, p, race, power, instance) | neutral | whether the declining race goes to
        a second decline slot
    decline_race_held(ply, q, race) | neutral | whether race is one of q's in-decline races
    spare_decline_race(ply, p) | neutral | the race in p's second decline slot (-1: none)
    spare_decline_gone(g, t, q) | neutral | q's race in the second decline slot has left the board
    spare_decline_vc(g, p) | neutral | VC of this turn's score that went to the second decline
        slot's race
    turn_bonuses(g, t, p) | neutral | end-of-turn bonus VC beyond one per region: (the active
        race's, the in-decline races')
    pieces_invariants(g, t) | neutral | error code of the first misplaced piece (0: none), for
        checked runs
    ruleset_invariants(g, t) | neutral | error code of the ruleset's other invariants (0: none)
    """,
)

# ----------------------------------------------------------------------- bots
# Called by players/heuristic.py, random_player.py, lookahead.py.
HOOKS += _hooks(
    "bots",
    """
    RACE_VALUE | required | the heuristic's worth of each race's ability, by race id (floats)
    POWER_VALUE | required | the heuristic's worth of each power, by power id (floats)
    region_worth(ctx, board, adj, reg, ply, gst, race_tab, p, race, power, r, price)
        | neutral | what taking r is worth to p this turn
    region_worth_after(ctx, reg, r, value) | neutral | the worth after the core's terms
        (aggression, the leader)
    target_context(g, t, p, hand, cost) | neutral | what the heuristic works out once per target
        choice (ctx; ctx[1] is the mean free die)
    region_price(reg, p, r) | neutral | coins p pays before conquering r
    rival_score(g, t, p, q) | neutral | q's score as p reckons it when looking for the leader
    decline_eagerness(g, p) | neutral | free tokens added to the heuristic's decline threshold
    ally_of(g, t, p) | neutral | p's ally in a team variant (-1: none)
    assault_open(g, p) | neutral | whether p may make a special assault this turn
    assault_cost(board, reg, ply, r, p, race, power, form, t_params, least, fee_due, coins)
        | neutral | tokens of a special assault on r (-1: impossible)
    N_MODES | neutral | how many conquest modes (bits 0 to N_MODES - 1) the bots try one by one
    MODES_FAR | neutral | the mode bits that reach a region as if adjacent (far_cost prices it)
    far_cost(board, reg, ply, work, r, p, race, power, form, t_params, least, fee_due, coins)
        | neutral | tokens to conquer r as if adjacent (-1: impossible)
    place_next_door(reg, work, r) | neutral | whether a mode that needs a piece next to r may be
        used there
    modes_cost(c, c_far, place_next_door, modes, least) | neutral | tokens of a conquest with these
        modes, from the plain (c) and far (c_far) costs (-1: not allowed)
    modes_price(modes) | neutral | coins these modes ask beyond the region's price
    modes_may_reach(c, modes, budget) | neutral | whether some of these open modes might bring a
        cost c within budget (a quick bound)
    pieces_in_hand(ply, p) | neutral | pieces in hand that go out one per token placed
    put_piece(reg, r) | neutral | put one such piece on r
    set_pieces_in_hand(ply, p, n) | neutral | n such pieces are left in hand
    place_held(g, p, n_own) | neutral | the heuristic places a piece held apart (p's regions in
        g.work, threats in g.fwork)
    place_held_random(g, p, n_own) | neutral | the random bot places a piece held apart
    """,
)

# ----------------------------------------------------------------------- turn
# Called by gameloop/turns.py at each point of a turn (in this order).
HOOKS += _hooks(
    "turn",
    """
    turn_begins(g, t, p) | neutral | p's turn begins (before the decline choice)
    combo_taken(g, p) | neutral | p has just taken a combo
    active_turn_begins(g, t, p) | neutral | p's active race starts its turn, before troops are
        readied
    before_conquests(g, t, p) | neutral | the conquests open, before the first targets
    coins_gate_regions(g, p) | neutral | whether p's coins decide which regions it may attack
    conquests_beyond_targets(g, p) | neutral | whether p may conquer although no region is a plain
        target
    hand_may_conquer(g, p) | neutral | whether the tokens in hand may still conquer
    before_conquest(g, t, p, n_targets) | neutral | before each conquest: (1 if an ability acted
        instead, -1 to stop; the targets)
    marker_at(g, r) | neutral | whether a piece on r may change the targets once r is taken
    ability_conquest(g, t, p, r, mode, modes) | neutral | a conquest by an ability the bot asked
        for (mode beyond the die)
    plain_conquest(g, r, modes) | neutral | whether the core may make this conquest itself
    on_attack(g, p, r) | neutral | p attacks r with a plain conquest
    special_conquest(g, t, p, r, final, modes) | neutral | a conquest with conquest modes (ATTACK_*
        code)
    after_each_conquest(g, t, p) | neutral | after each conquest; True when a piece moved in
    targets_stale(g, p, gated, coins_before) | neutral | whether the targets must be computed again
    before_targets(g, t, p) | neutral | before the targets are computed again
    after_conquests(g, t, p) | neutral | the conquests are over
    before_redeploy(g, t, p) | neutral | before the tokens are redeployed
    after_redeploy(g, t, p) | neutral | after the redeployment
    turn_ends(g, t, p, declined) | neutral | p's turn ends, before scoring
    after_scoring(g, t, p, declined) | neutral | after p's turn is scored
    """,
)

# ----------------------------------------------------------------- precompile
HOOKS += _hooks(
    "precompile",
    """
    turn_backwards(g, t, seats, run) | required | the kernels of a turn, last first, for the
        compile helper (gameloop/precompile.py)
    """,
)

BY_NAME: dict[str, Hook] = {h.name: h for h in HOOKS}
assert len(BY_NAME) == len(HOOKS), "a hook is declared twice"


def group(name: str) -> list[Hook]:
    return [h for h in HOOKS if h.group == name]


def argument_names(value) -> tuple[str, ...] | None:
    """A function's (or numba dispatcher's) argument names; None for anything else."""
    func = getattr(value, "py_func", value)
    if not inspect.isfunction(func):
        return None
    return tuple(inspect.signature(func).parameters)


def given_names(module: ModuleType) -> list[str]:
    """The hooks a ruleset's hooks module gives: its __all__, else its public names
    (modules and `from __future__` features aside)."""
    if hasattr(module, "__all__"):
        return list(module.__all__)
    return [
        name
        for name, value in vars(module).items()
        if not name.startswith("_")
        and not isinstance(value, ModuleType)
        and type(value).__name__ != "_Feature"
    ]


def check_module(group_name: str, module: ModuleType) -> list[str]:
    """What `module` (a ruleset's hooks module of that group) gets wrong against the
    table, one sentence each; empty when it is right."""
    where = module.__name__
    hooks = {h.name: h for h in group(group_name)}
    given = given_names(module)
    problems = []
    for name in given:
        if name not in hooks:
            close = difflib.get_close_matches(name, list(hooks), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            problems.append(
                f"{where} gives {name!r}, which is no {group_name} hook{hint}: "
                "analyzer/engine/hook_table.py lists them"
            )
            continue
        if not hasattr(module, name):
            problems.append(f"{where} lists {name!r} in __all__ but does not define it")
            continue
        hook, value = hooks[name], getattr(module, name)
        args = argument_names(value)
        if hook.args is None and args is not None:
            problems.append(f"{where}.{name} is a function; the table declares a constant")
        elif hook.args is not None and args != hook.args:
            problems.append(
                f"{where}.{name} takes ({', '.join(args or ())}); "
                f"the table declares {hook.signature}"
            )
    # a function defined here but left out of __all__ is most likely a misspelt hook
    if hasattr(module, "__all__"):
        for name, value in vars(module).items():
            func = getattr(value, "py_func", value)
            if (
                not name.startswith("_")
                and name not in given
                and inspect.isfunction(func)
                and func.__module__ == where
            ):
                problems.append(f"{where} defines {name!r} but leaves it out of __all__")
    for hook in hooks.values():
        if hook.required and hook.name not in given:
            problems.append(f"{where} lacks the required hook {hook.signature}")
    return problems


def check_neutral(group_name: str, module: ModuleType) -> list[str]:
    """What the core's neutral hooks module of a group gets wrong: every optional hook
    there with the table's arguments, no required one, nothing else public."""
    where = module.__name__
    problems = []
    for hook in group(group_name):
        value = getattr(module, hook.name, None)
        if hook.required:
            if value is not None:
                problems.append(f"{where} defines {hook.name!r}, a required hook")
        elif value is None:
            problems.append(f"{where} lacks the neutral {hook.signature}")
        elif hook.args is not None and argument_names(value) != hook.args:
            problems.append(f"{where}.{hook.name} does not take the table's ({hook.signature})")
    for name, value in vars(module).items():
        func = getattr(value, "py_func", value)
        if inspect.isfunction(func) and func.__module__ == where and name not in BY_NAME:
            problems.append(f"{where} defines {name!r}, which the table does not list")
    return problems


def bind(group_name: str, module: ModuleType, neutral: ModuleType) -> dict[str, object]:
    """Every hook of the group: the ruleset's own from `module`, else the neutral one.
    Refuses a module that does not match the table (RulesetCodeError, an ImportError
    naming its file and each problem: the command line exits with code 2).
    numba resolves a kernel's globals when it compiles, so a name bound here is the
    same function object the caller would get from a plain assignment."""
    problems = check_module(group_name, module)
    if problems:
        file = shown_path(module.__file__) if getattr(module, "__file__", None) else module.__name__
        raise RulesetCodeError(
            file, "; ".join(problems) + ". analyzer/engine/hook_table.py lists every hook, its "
            "arguments and its default (docs/hooks.md explains them).",
        )  # fmt: skip
    given = set(given_names(module))
    return {
        h.name: getattr(module if h.name in given else neutral, h.name) for h in group(group_name)
    }
