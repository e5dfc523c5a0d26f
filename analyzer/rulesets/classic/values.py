"""What the heuristic bot believes the original game's abilities are worth, in
tokens over a race's life (bot knowledge, not rules): its combo choice reads
these. Abilities the engine does not model are worth 0 (the combo is its tokens).
Keyed by name and checked complete (model/named.py)."""

from __future__ import annotations

from analyzer.model.named import by_id
from analyzer.rulesets.classic import ids

RACE_VALUE = by_id(
    {
        "amazons": 2.0, "dwarves": 1.0, "elves": 1.5, "ghouls": 1.0, "giants": 1.5,
        "halflings": 1.5, "humans": 1.0, "orcs": 1.5, "ratmen": 0.0, "skeletons": 2.0,
        "sorcerers": 2.0, "tritons": 1.0, "trolls": 1.5, "wizards": 1.5,
        "lost_tribes": 0.0,  # nobody's race: never picked
    },
    ids.RACES + ("lost_tribes",), __file__, "RACE_VALUE",
)  # fmt: skip
POWER_VALUE = by_id(
    {
        "alchemist": 2.5, "berserk": 1.5, "bivouacking": 1.5, "commando": 2.0,
        "diplomat": 1.5, "dragon_master": 2.0, "flying": 2.0, "forest": 1.0,
        "fortified": 1.5, "heroic": 1.5, "hill": 1.0, "merchant": 1.5, "mounted": 1.5,
        "pillaging": 2.0, "seafaring": 0.5, "spirit": 0.0, "stout": 1.5, "swamp": 1.0,
        "underworld": 1.0, "wealthy": 2.0,
    },
    ids.POWERS, __file__, "POWER_VALUE",
)  # fmt: skip
