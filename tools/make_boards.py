"""Write analyzer/rulesets/swow/content/boards.toml: modeled faces of the six double-sided boards.

The real geometry of the Small World of Warcraft boards is not public, so each face is
a model with the published counts (11 / 9 / 7 land regions on large / medium / small
faces), the box caps, and region densities like those of the original game's maps.

How a face is made: a hexagonal island of small hex cells is cut into regions by
growing them from random seed cells, smallest region first. Two regions border when
two of their cells touch, so the map is planar like a printed one. Regions with a
cell on the island's rim are coastal. Of many seeded attempts the one whose land
regions have the most borders on average (none over MAX_BORDERS) is kept.

Run from the repository root:  .venv/bin/python tools/make_boards.py
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from analyzer.rulesets.swow import ids  # noqa: E402
from analyzer.rulesets.swow.boards import BOARDS_PATH, Face, parse_faces, worst_selections  # noqa: E402
from analyzer.rulesets.swow.ruleset import load_ruleset  # noqa: E402
from analyzer.tomlcheck.tomlfile import read_toml  # noqa: E402

SEED = 1_2024
ATTEMPTS = 400
CELLS_PER_REGION = 5
MAX_BORDERS = 8
COMMAND = ".venv/bin/python tools/make_boards.py"

# What each board carries, side A then side B. Water: one Sea (coastal) or one Lake
# (inland) on one side of every board. Murlocs and Mountains are chosen so that the
# worst 5-player layout (2 large, 1 medium, 2 small, the fullest sides) meets the box
# caps of 15 and 10 exactly; the generator checks this through the loader.
PLAN = (
    # board, size, land, water, Murlocs, Mountains, Entries
    ("L1", "L", 11, ("Sea", None), (4, 3), (2, 2), (4, 3)),
    ("L2", "L", 11, (None, "Lake"), (3, 4), (2, 2), (3, 4)),
    ("M1", "M", 9, ("Lake", None), (3, 2), (2, 2), (3, 3)),
    ("M2", "M", 9, (None, "Sea"), (2, 3), (2, 2), (3, 3)),
    ("S1", "S", 7, (None, "Sea"), (2, 2), (2, 1), (2, 3)),
    ("S2", "S", 7, ("Lake", None), (2, 2), (1, 2), (3, 2)),
)
OTHER_TERRAINS = ("Fields", "Hills", "Forest", "Swamp")
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def hex_island(radius: int) -> list[tuple[int, int]]:
    """Axial coordinates of the cells of a hexagon of hex cells."""
    span = range(-radius, radius + 1)
    return [(q, r) for q in span for r in span if abs(q + r) <= radius]


def ring(cell: tuple[int, int]) -> int:
    q, r = cell
    return max(abs(q), abs(r), abs(q + r))


def cut(rng: random.Random, n: int) -> tuple[list[set[int]], set[int], list[tuple[float, float]]]:
    """Cut an island into n contiguous regions: (borders, coastal ids, centres)."""
    radius = 1
    while len(hex_island(radius)) < CELLS_PER_REGION * n:
        radius += 1
    cells = hex_island(radius)
    island = set(cells)
    owner = {cell: k for k, cell in enumerate(rng.sample(cells, n))}
    members = [[cell] for cell in owner]
    while len(owner) < len(cells):
        # Grow the smallest region that still can, so regions come out of similar size.
        growable = []
        for k, region in enumerate(members):
            free = [
                (q + dq, r + dr)
                for q, r in region
                for dq, dr in DIRECTIONS
                if (q + dq, r + dr) in island and (q + dq, r + dr) not in owner
            ]
            if free:
                growable.append((len(region), rng.random(), k, free))
        _, _, k, free = min(growable)
        cell = rng.choice(free)
        owner[cell] = k
        members[k].append(cell)
    borders = [set() for _ in range(n)]
    for (q, r), k in owner.items():
        for dq, dr in DIRECTIONS:
            other = owner.get((q + dq, r + dr))
            if other is not None and other != k:
                borders[k].add(other)
    coastal = {k for cell, k in owner.items() if ring(cell) == radius}
    centres = [
        (
            sum(math.sqrt(3) * (q + r / 2) for q, r in region) / len(region),
            sum(1.5 * r for _, r in region) / len(region),
        )
        for region in members
    ]
    return borders, coastal, centres


def connected(borders: list[set[int]], keep: set[int]) -> bool:
    start = min(keep)
    seen, todo = {start}, [start]
    while todo:
        for b in borders[todo.pop()] & keep:
            if b not in seen:
                seen.add(b)
                todo.append(b)
    return seen == keep


def shape(rng: random.Random, land: int, water: str | None, entries: int):
    """The best of ATTEMPTS cuts: (borders, coastal land ids, water id or None, centres)."""
    best, best_score = None, None
    n = land + (water is not None)
    for _ in range(ATTEMPTS):
        borders, coastal, centres = cut(rng, n)
        if max(len(b) for b in borders) > MAX_BORDERS:
            continue
        wet = None
        if water is not None:
            # A Sea lies on the coast, a Lake inland; the land must stay in one piece.
            pool = sorted(coastal if water == "Sea" else set(range(n)) - coastal)
            pool = [w for w in pool if connected(borders, set(range(n)) - {w})]
            if not pool:
                continue
            wet = rng.choice(pool)
        dry = [k for k in range(n) if k != wet]
        if len(coastal - {wet}) < entries:
            continue
        score = sum(len(borders[k]) for k in dry) / len(dry)
        if best_score is None or score > best_score:
            best, best_score = (borders, coastal - {wet}, wet, centres), score
    if best is None:
        raise SystemExit(f"no cut of {n} regions met the limits in {ATTEMPTS} attempts")
    return best


def face_regions(rng: random.Random, plan_side: tuple) -> list[dict]:
    """Regions of one face as plain dicts, ids in reading order (top to bottom)."""
    land, water, murlocs, mountains, entries = plan_side
    borders, coastal, wet, centres = shape(rng, land, water, entries)
    order = sorted(range(len(borders)), key=lambda k: (round(centres[k][1]), centres[k][0]))
    new_id = {k: i for i, k in enumerate(order)}
    dry = [k for k in order if k != wet]

    # Mountains as planned, the other four terrains as evenly as the count allows.
    offset = rng.randrange(4)
    terrains = ["Mountain"] * mountains
    terrains += [OTHER_TERRAINS[(offset + i) % 4] for i in range(land - mountains)]
    rng.shuffle(terrains)
    terrain = dict(zip(dry, terrains, strict=True))
    symbols = {k: [] for k in dry}
    for k in dry:
        if terrain[k] == "Mountain":
            symbols[k].append("Mountain")
    # About one land region in five carries Magic, and one in five a Cavern.
    for name in ("Magic", "Cavern"):
        count = max(1, round(land / 5 + rng.uniform(-0.5, 0.5)))
        for k in rng.sample(dry, count):
            symbols[k].append(name)
    for k in rng.sample(dry, murlocs):
        symbols[k].append("Murloc")
    for k in rng.sample(sorted(coastal), entries):
        symbols[k].append("Entry")
    symbols[rng.choice(dry)].append("Marker")

    regions = []
    for k in order:
        regions.append(
            {
                "id": new_id[k],
                "terrain": water if k == wet else terrain[k],
                "symbols": sorted(symbols.get(k, []), key=ids.SYMBOLS.index),
                "borders": sorted(new_id[b] for b in borders[k]),
            }
        )
    return regions


def toml_text(faces: list[dict]) -> str:
    lines = [
        "# Board faces of Small World of Warcraft: MODELS, not transcriptions.",
        f"# Generated by tools/make_boards.py (seed {SEED}); to regenerate, run",
        f"#     {COMMAND}",
        "# Each face has the published number of land regions and densities like the",
        "# original game's maps; a hand-edited or new face is checked by the loader.",
        "",
        'about = "Modeled faces of the six double-sided boards (2 large, 2 medium, 2 small): '
        "region counts follow public fan data, geometry, terrain and symbols are generated "
        'by tools/make_boards.py, because the printed boards are not transcribed."',
        'source = "estimate"',
    ]
    for face in faces:
        lines += [
            "",
            "[[faces]]",
            f'name = "{face["name"]}"',
            f'board = "{face["board"]}"',
            f'size = "{face["size"]}"',
            "regions = [",
        ]
        for reg in face["regions"]:
            symbols = ", ".join(f'"{s}"' for s in reg["symbols"])
            borders = ", ".join(str(b) for b in reg["borders"])
            lines.append(
                f'  {{ id = {reg["id"]}, terrain = "{reg["terrain"]}", '
                f"symbols = [{symbols}], borders = [{borders}] }},"
            )
        lines.append("]")
    return "\n".join(lines) + "\n"


def stats(face: Face) -> str:
    land = [r for r in face.regions if not r.is_water]
    degree = sum(len(r.neighbours) for r in land) / len(land)
    counts = [face.count(bit) for bit in (ids.SYM_ENTRY, ids.SYM_MURLOC, ids.SYM_MOUNTAIN)]
    counts += [face.count(ids.SYM_MAGIC), face.count(ids.SYM_CAVERN)]
    most = max(len(r.neighbours) for r in land)
    return (
        f"{face.name:5} {face.n_land:4} {face.n_water:5} "
        + " ".join(f"{c:5}" for c in counts)
        + f" {degree:6.2f} {most:4}"
    )


def main() -> None:
    rng = random.Random(SEED)
    faces = []
    for board, size, land, water, murlocs, mountains, entries in PLAN:
        for side in range(2):
            plan_side = (land, water[side], murlocs[side], mountains[side], entries[side])
            faces.append(
                {
                    "name": f"{board}-{'AB'[side]}",
                    "board": board,
                    "size": size,
                    "regions": face_regions(rng, plan_side),
                }
            )
    text = toml_text(faces)
    BOARDS_PATH.write_text(text, encoding="utf-8")
    # Load it back: the loader checks borders, symbols and the box caps.
    ruleset = load_ruleset()
    loaded = parse_faces(read_toml(BOARDS_PATH), str(BOARDS_PATH), ruleset)
    print(f"wrote {BOARDS_PATH.relative_to(ROOT)}")
    print("face  land water entry murlc mount magic cavrn degree max")
    for face in loaded:
        print(stats(face))
    for label, bit in (("Murloc", ids.SYM_MURLOC), ("Mountain", ids.SYM_MOUNTAIN)):
        worst = worst_selections(loaded, ruleset, lambda f, bit=bit: f.count(bit))
        cap = ruleset.components["murlocs" if bit == ids.SYM_MURLOC else "mountains"]
        shown = ", ".join(f"{p}p {s.value}" for p, s in sorted(worst.items()))
        print(f"worst {label} count per player count (cap {cap}): {shown}")


if __name__ == "__main__":
    main()
