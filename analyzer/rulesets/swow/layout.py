"""SWoW's columns after the core's (engine/core_layout.py): its pieces on the
regions, its per-player and per-game state, its marker table, and the names of
its components and race ids (analyzer/rulesets/swow/ids.py)."""

from __future__ import annotations

from analyzer.engine.core_layout import (
    EV_RULESET,
    G_CORE_NF,
    G_CORE_UNSET,
    MAX_POWERS,
    MAX_RACES,
    P_CORE_NF,
    P_STANCE,
    PAR_NOBODY,
    PAR_RULESET,
    R_CORE_NF,
    RT_CORE_NF,
    terrain_bits,
)
from analyzer.rulesets.swow.ids import COMPONENTS, MARKERS, N_RACE_IDS, POWERS

N_COMPONENTS = len(COMPONENTS)
N_MARKERS = len(MARKERS)
assert N_RACE_IDS <= MAX_RACES, (
    f"analyzer/rulesets/swow/ids.py RACES: {N_RACE_IDS} race ids with the race of nobody, "
    f"but the engine holds at most {MAX_RACES} (engine/core_layout.py MAX_RACES)"
)
assert len(POWERS) <= MAX_POWERS, (
    f"analyzer/rulesets/swow/ids.py POWERS: {len(POWERS)} powers, but the engine holds at most "
    f"{MAX_POWERS} (engine/core_layout.py MAX_POWERS)"
)

# race_tab[race, *]
RT_FACTION = RT_CORE_NF
RT_NF = RT_CORE_NF + 1
# marker_tab[marker, *]
MT_IS_ARTIFACT, MT_ALLOWED, MT_MODELED = range(3)
MT_NF = 3

# reg[r, *]
(
    R_FORT,
    R_WISP,
    R_MARKERS,  # bit m set when marker m lies here (an Artifact may join a Place)
    R_MARKERS_UP,  # bit m set when that marker is revealed (face up)
    R_TOWER,  # Watch Tower
    R_BEASTS,
    R_CHAMPION,
    R_BOMB,  # 0 none, BOMB_LIVE or BOMB_DUD (face down either way)
    R_OBJECTIVE,  # Military Objective
) = range(R_CORE_NF, R_CORE_NF + 9)
R_NF = R_CORE_NF + 9

# ply[p, *]
P_FORM = P_STANCE  # Worgen form chosen this turn (it changes conquest costs)
(
    P_HARMONY,  # Harmony token held: 0 none, 1 not paid yet, 2 paid (Pandaren)
    P_BEASTS,  # Beast Master: how many of the tokens in hand (P_HAND) are Beasts
    P_CHAMPION,  # Championing: 1 while the Champion is in hand (not on a region)
    P_TALLY_BEFORE,  # bots: the public tally when the player's latest turn began
    P_LAST_GAIN,  # bots: what the player's latest finished turn added to its tally
) = range(P_CORE_NF, P_CORE_NF + 5)
P_NF = P_CORE_NF + 5

# gst[*]: per-turn race counters (reset at every turn start but G_HARMONY_FROM and
# the Bombs), then the markers' places and the Bomb stack
(
    G_SIDE,  # the faction a Neutral race on the Battleground fights for this turn (-1: none)
    G_MARKER_POOL,  # bit m set when marker m is allowed but not on the boards (drawable)
    G_KILLS,  # tokens the current player's conquests made others discard
    G_ATTACKED,  # bit per player whose active race the current player attacked
    G_HOLY_LIGHT,  # bit per player whose Draenei called the Holy Light this turn
    G_AIRBORNE,  # 1 once the Gnomes' airborne assault is spent this turn
    G_HARMONY_FROM,  # 1 + the player whose Pandaren handed out Harmony, 0: none out
    G_BOMBS_N,  # Bomb tokens in the Goblins' stack
    G_DOOM_OWNER,  # 1 + the Doomhammer's owner as last noted (0: none yet)
    G_DOOM_PREV,  # 1 + its owner before that (0: none): whom its price goes to
) = range(G_CORE_NF, G_CORE_NF + 10)
G_MARKER_AT = G_CORE_NF + 10  # per marker id: the region where it lies, -1 off the boards
G_BOMBS = G_MARKER_AT + N_MARKERS  # the stack, bottom first: BOMB_LIVE or BOMB_DUD
MAX_BOMBS = 16
# Battle for Azeroth's draft (rulesets/swow/draft.py): per faction, its banners in
# column order, the three face-up ones first, then its stack top to bottom
MAX_FACTION_BANNERS = 16
G_DRAFT_N = G_BOMBS + MAX_BOMBS  # per faction id: banners in its column and stack
G_DRAFT = G_DRAFT_N + 3  # faction f's banners from G_DRAFT + f * MAX_FACTION_BANNERS
G_NF = G_DRAFT + 3 * MAX_FACTION_BANNERS
G_UNSET = G_CORE_UNSET + (G_SIDE,)
BOMB_LIVE, BOMB_DUD = 1, 2

# SWoW's own event kinds after the core's (tables.py EVENT_TEXTS words them)
(
    EV_BOMB,  # region, a=BOMB_LIVE/BOMB_DUD (0 unseen), b=1 dropped, 2 revealed, 3 put back
    EV_ENLIST,  # a=Forsaken tokens bought
    EV_HARMONY,  # a=player who paid the Pandaren's 2 VC, b=VC
) = range(EV_RULESET, EV_RULESET + 3)

# The race of nobody (in decline, never drafted) and the caps the core checks
from analyzer.rulesets.swow.ids import C_MOUNTAINS, C_MURLOCS, MURLOC  # noqa: E402
from analyzer.rulesets.swow.ids import TERRAINS as _TERRAINS  # noqa: E402
from analyzer.rulesets.swow.ids import WATER_TERRAINS as _WATER  # noqa: E402

# The terrain kind the core asks: water (its Seas and Lakes).
TERRAIN_WATER = terrain_bits(_TERRAINS, [_TERRAINS[i] for i in _WATER])

NOBODY = MURLOC
# SWoW's own bot parameter (botparams.py), in the bots' ruleset slots
from analyzer.players.params import H_RULESET  # noqa: E402
from analyzer.rulesets.swow.botparams import BOT_PARAMS  # noqa: E402

H_WORGEN_HAND = H_RULESET + BOT_PARAMS["worgen_hand"][0]

# SWoW's own rule constant, in the core's first ruleset slot (model/params.py fills it)
RULE_PARAMS = ("faction_bonus",)
PAR_FACTION_BONUS = PAR_RULESET  # VC per opposite-faction race defeated in a turn
PAR_MURLOCS = PAR_NOBODY  # the rule constant "murlocs": whether the Murlocs are placed
CAP_NOBODY = C_MURLOCS
CAP_MOUNTAINS = C_MOUNTAINS

# params[PAR_VARIANT]: SWoW's variants (rulesets/swow/bfa.py names them). The last is
# Battle for Azeroth with the Alliance's and the Horde's seats exchanged (Horde 1 plays
# first): an arm of the team study (studies/teams.py), no variant of the command line.
VARIANT_STANDARD, VARIANT_BFA, VARIANT_BFA_EXCHANGED = 0, 1, 2
