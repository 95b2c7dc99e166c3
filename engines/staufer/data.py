"""Everything printed on the boards, tiles, chests and cards of The Staufer Dynasty.

Every value is marked ``rulebook`` (the Italian rulebook in shared/seeds/002,
with the section), ``source`` (shared/gamedata/staufer.json) or ``assumed``
(the board values are pictures in the original: chosen to fit every rule and
worked example; a player with the box corrects them here, in one place).
"""

from __future__ import annotations

from engines.base import assumed, rulebook, source

RULES = "rulebook 002 (Italian)"

# --- players, rounds, figures --------------------------------------------------

ROUNDS = rulebook(5, "Come si Gioca: 'Vengono giocati in totale 5 round'", "ROUNDS")
TURNS_PER_ROUND = rulebook(3, "Come si Gioca: 3 Famigli sul tracciato Ordine di Turno", "TURNS_PER_ROUND")
ENVOYS_PER_COLOUR = rulebook(15, "Componenti: Inviati 15 ognuno nei 5 colori", "ENVOYS_PER_COLOUR")
NOBLES_PER_COLOUR = rulebook(3, "Componenti: Nobili 3 ognuno nei 5 colori", "NOBLES_PER_COLOUR")
START_COURT = rulebook((4, 1), "Preparazione (continuo): 4 Inviati e 1 Nobile nella Corte", "START_COURT")
MAX_PER_OFFICE = rulebook(2, "Privilegi 2 e 3: 'Nessun Ufficio può contenere più di 2 figure'", "MAX_PER_OFFICE")

# --- regions: names, bonuses, offices -------------------------------------------

REGIONS = source(
    ("nijmegen", "aachen", "strasbourg", "augsburg", "milan", "palermo"),
    "staufer.json regions.names (same six names in the rulebook's region bonuses)",
    "REGIONS",
)
REGION_NAMES = rulebook(
    {"nijmegen": "Nijmegen", "aachen": "Aachen", "strasbourg": "Strasbourg",
     "augsburg": "Augsburg", "milan": "Milan", "palermo": "Palermo"},
    "Bonus delle Regioni (names as printed)", "REGION_NAMES",
)

# Region bonus kinds (rulebook, 'Bonus delle Regioni'):
#   augsburg   draw 2 chests: 1st chooses one, 2nd gets the other
#   strasbourg 2 envoys to the 1st, 1 envoy to the 2nd (also with 2 players)
#   palermo    3 VP to the 1st, 1 VP to the 2nd (also with 2 players)
#   aachen     draw as many chests as players; every occupant picks one in rank order
#   nijmegen   1 envoy to every occupant
#   milan      2 VP to every occupant
REGION_BONUS = rulebook(
    {"augsburg": ("chests", 2), "strasbourg": ("envoys", (2, 1)), "palermo": ("points", (3, 1)),
     "aachen": ("chests", "players"), "nijmegen": ("envoys_each", 1), "milan": ("points_each", 2)},
    "Bonus delle Regioni", "REGION_BONUS",
)

# Offices of each region, left to right: (value, noble-only, fewest players it is used with).
# The 3-5 player side has six office spaces, two of them marked with a player count.
# Fits: Roberto's office in Palermo is worth 6 and shows a noble; Giorgio's office in
# Aachen is worth 5; Veronica holds offices worth 4 (four) and 7 (two); Beatrice
# offices worth 3, 4 and 5; the leftmost office is 'usually the most expensive'.
OFFICES_3_5 = assumed(
    {
        "nijmegen":   ((6, True, 3), (5, False, 3), (4, False, 3), (3, False, 4), (3, False, 5), (2, False, 3)),
        "aachen":     ((7, True, 3), (5, False, 3), (4, False, 3), (4, False, 4), (3, False, 5), (2, False, 3)),
        "strasbourg": ((6, False, 3), (5, True, 3), (4, False, 3), (3, False, 4), (3, False, 5), (2, False, 3)),
        "augsburg":   ((7, False, 3), (5, True, 3), (4, False, 3), (4, False, 4), (3, False, 5), (2, False, 3)),
        "milan":      ((6, True, 3), (5, False, 3), (5, False, 3), (4, False, 4), (3, False, 5), (2, False, 3)),
        "palermo":    ((6, True, 3), (5, False, 3), (4, False, 3), (3, False, 4), (3, False, 5), (2, False, 3)),
    },
    "board pictures not in the text: values 2-7 fit every example (Palermo 6 with a noble, Aachen 5, "
    "offices worth 7 and 4 for Veronica, 3/4/5 for Beatrice); 4/5/6 offices per region with 3/4/5 players",
    "OFFICES_3_5",
)
OFFICES_2 = assumed(
    {
        "nijmegen":   ((5, True, 2), (4, False, 2), (3, False, 2), (2, False, 2)),
        "aachen":     ((6, True, 2), (5, False, 2), (3, False, 2), (2, False, 2)),
        "strasbourg": ((5, False, 2), (4, True, 2), (3, False, 2), (2, False, 2)),
        "augsburg":   ((7, False, 2), (4, True, 2), (3, False, 2), (2, False, 2)),
        "milan":      ((6, True, 2), (5, False, 2), (4, False, 2), (2, False, 2)),
        "palermo":    ((6, True, 2), (4, False, 2), (3, False, 2), (2, False, 2)),
    },
    "2-player side of the regions (a picture): four offices each, values 2-7, one noble office per region",
    "OFFICES_2",
)

# Scoring tiles: VP for 1st, 2nd, 3rd (3rd only with 4-5 players). The text's example
# scores 7 / 4 / 1, so one tile is 7-4-1.
SCORING_TILES_3_5 = assumed(
    ((10, 5, 2), (9, 5, 2), (8, 4, 2), (7, 4, 1), (6, 3, 1), (5, 3, 1)),
    "tile pictures: a spread around the example's 7/4/1 tile (Conteggio delle Regioni)",
    "SCORING_TILES_3_5",
)
SCORING_TILES_2 = assumed(
    ((8, 4, 0), (7, 3, 0), (6, 3, 0), (6, 2, 0), (5, 2, 0), (4, 2, 0)),
    "2-player side of the scoring tiles: two values (the 3rd place never scores with 2 players)",
    "SCORING_TILES_2",
)

# --- resource board and action board --------------------------------------------

# The five resource spaces, numbered 1-5 as the text lists them: (envoys, nobles).
RESOURCE_SPACES = rulebook(
    ((1, 1), (0, 1), (2, 0), (1, 0), (0, 0)),
    "Azione Risorse in dettaglio: '1 Inviato e 1 Nobile / 1 Nobile / 2 Inviati / 1 Inviato / Nessuna Figura'",
    "RESOURCE_SPACES",
)
# How many of the lowest spaces of the placement track show an envoy.
PLACEMENT_ENVOY_SPACES = assumed(
    {2: 2, 3: 3, 4: 3, 5: 3},
    "action board picture: 'uno degli spazi più in basso del tracciato Piazzamento' shows an envoy "
    "(Giorgio's example takes one on the lowest space)",
    "PLACEMENT_ENVOY_SPACES",
)

# --- chests ---------------------------------------------------------------------

CHEST_COUNTS = rulebook(
    {"orange": 16, "turquoise": 28, "purple": 10, "brown": 18},
    "Componenti: Forzieri 16 Arancio, 28 Turchese, 10 Viola, 18 Marrone "
    "(the German rulebook swaps purple and brown: 10 brown, 18 violet; see README)",
    "CHEST_COUNTS",
)
# Chest kinds, named as in commands. Orange: vp2-vp5, envoy1-envoy3, noble, first;
# turquoise: resources, move, place, immunity.
CHEST_MIX = assumed(
    {
        "orange-vp2": 2, "orange-vp3": 2, "orange-vp4": 2, "orange-vp5": 1,
        "orange-envoy1": 2, "orange-envoy2": 2, "orange-envoy3": 1,
        "orange-noble": 2, "orange-first": 2,
        "turquoise-resources": 7, "turquoise-move": 7, "turquoise-place": 7, "turquoise-immunity": 7,
        "purple": 10,
        "brown": 18,
    },
    "appendix names the kinds but not how many of each: the 16 orange and 28 turquoise are spread "
    "evenly over their kinds (sums match the rulebook's colour counts)",
    "CHEST_MIX",
)
BROWN_SET_POINTS = rulebook(
    (0, 2, 5, 9, 14, 20),
    "Forziere Marrone / Fine Gioco: 2, 5, 9, ... 20 for a set of 5; 7 brown chests = 25",
    "BROWN_SET_POINTS",
)
LEFTOVER_CHEST_POINTS = rulebook(
    {"turquoise": 1, "purple": 1},
    "Fine Gioco: 1 PV per ogni Forziere Turchese o Viola rimasto", "LEFTOVER_CHEST_POINTS",
)

# --- privileges -------------------------------------------------------------------

PRIVILEGE_SETS = rulebook(
    {
        "alternative": (1, 2, 5, 8, 11, 14),
        "synergies": (1, 3, 5, 8, 10, 16),
        "raining_points": (1, 2, 6, 9, 13, 16),
        "quantity": (1, 3, 4, 7, 8, 12),
    },
    "Carte Privilegio: Set Alternativo, Set Sinergie, Set Piovono Punti, Quantità anziché Qualità",
    "PRIVILEGE_SETS",
)
FIRST_GAME_SET = assumed(
    (1, 4, 7, 10, 13, 15),
    "the blue-seal numbers are a picture: one privilege of each timing (placement 4, resource 7, "
    "movement 10, scoring 13 and 15); 15 is in none of the later named sets, so it must be a first-game card",
    "FIRST_GAME_SET",
)
RANDOM_SET_FIXED = rulebook((1, 2), "Mazzo Casuale: 1, 2, ?, ?, ?, ?", "RANDOM_SET_FIXED")
PRIVILEGE_COPIES = rulebook(
    {2: 1, 3: 2, 4: 2, 5: 2},
    "Carte Privilegio: 2 carte per ogni Privilegio (3-5 giocatori), 1 copia con 2 giocatori",
    "PRIVILEGE_COPIES",
)
VP_PRIVILEGE_VALUES = assumed(
    (3, 4, 5, 6, 7),
    "the five victory-point privilege values are icons; stacked lowest at the bottom, highest on top",
    "VP_PRIVILEGE_VALUES",
)
VP_PRIVILEGES_PER_COUNT = source(
    {2: 2, 3: 3, 4: 4, 5: 5},
    "staufer.json privilege_cards.vp_privileges_used_per_player_count (which values: the lowest ones, assumed)",
    "VP_PRIVILEGES_PER_COUNT",
)
PRIVILEGE_TEXT = rulebook(
    {
        1: "Victory points: take the top card of the stack and score its points at once (only one per player).",
        2: "Placement: you may place a figure on an occupied office (at most 2 figures per office).",
        3: "Placement: when you place an envoy on an office, add a second envoy from your court there for free.",
        4: "Placement: pay 3 figures instead of the office value (with 5: only 2).",
        5: "Placement: pay one figure less (with 4: only 2).",
        6: "Placement: +3 VP when you place a figure in the king's region (+6 with privilege 3).",
        7: "Resources: +1 envoy from the province after every resource action.",
        8: "Resources: draw a chest from the face-down pile after every resource action.",
        9: "Resources: +2 VP after every resource action.",
        10: "Movement: pay only 1 figure, into the target region (with 11: free).",
        11: "Movement: pay nothing in the first two regions you pass (with 10: free).",
        12: "Movement: free when the target region is next to the king's region.",
        13: "Scoring: your figures on the offices of a scored region go back to your court.",
        14: "Scoring: +3 VP as 1st, +2 as 2nd, +1 as 3rd in a scored region (2 players: only the 1st).",
        15: "Scoring: +2 VP when you occupy at least one office of a scored region.",
        16: "Chests: +2 VP whenever you take an orange chest.",
    },
    "Carte Privilegio 1-16", "PRIVILEGE_TEXT",
)

# --- round tiles ---------------------------------------------------------------------

CONDITIONS = rulebook(
    ("king", "fewest_chests", "most_offices"),
    "Tessere Round: Regione del Re / Regione con meno Forzieri / Regione con più Uffici Occupati",
    "CONDITIONS",
)
CONDITION_TILES = assumed(
    ("king", "king", "fewest_chests", "fewest_chests", "most_offices", "most_offices"),
    "six B tiles and three conditions described: two tiles of each",
    "CONDITION_TILES",
)
KING_MOVE_TILES = assumed(
    (1, 1, 2, 2, 3, 3),
    "six C tiles show 'un numero' 1-3 (Il Re Viaggia: 1-3 regioni): two of each",
    "KING_MOVE_TILES",
)
REGION_TILES = rulebook(6, "Tessere Round: le 6 tessere A raffigurano il nome di una Regione", "REGION_TILES")

# --- objective cards -------------------------------------------------------------------

REGION_OBJECTIVE_POINTS = rulebook((12, 6), "Carte Obiettivo, Regioni: 12 PV maggioranza, 6 PV secondo", "REGION_OBJECTIVE_POINTS")

# Path cards: a shape of regions around the board (offsets clockwise) and its points;
# every rotation of the shape counts. Roberto's card (3 adjacent regions) is worth 7.
PATH_CARDS = assumed(
    {
        "adjacent2": ((0, 1), 3),
        "gap2": ((0, 2), 4),
        "opposite2": ((0, 3), 5),
        "adjacent3": ((0, 1, 2), 7),
        "triangle3": ((0, 2, 4), 8),
        "hook3": ((0, 1, 3), 8),
    },
    "path cards are pictures: 'per esempio 2 Regioni opposte o 3 Regioni adiacenti'; Roberto earns 7 twice",
    "PATH_CARDS",
)
# Office cards: value cards (points for 1, 2, 3, 4 offices of that value, +5 each further),
# the count card, pairs (8 each) and sequences 3-4-5 (15 each).
OFFICE_VALUE_CARDS = assumed(
    {"value3": (3, (3, 7, 11, 16)), "value4": (4, (4, 8, 12, 17)), "value5": (5, (5, 10, 15, 20))},
    "card pictures: Roberto scores 12 for three offices worth 4; 'Ricevi 5 PV addizionali per ogni ulteriore Ufficio'",
    "OFFICE_VALUE_CARDS",
)
OFFICE_COUNT_CARD = assumed(
    (1, 2, 4, 6, 9, 12, 16, 20),
    "card picture 'Valore Raffigurato': points by the number of offices, +5 for each further office",
    "OFFICE_COUNT_CARD",
)
OFFICE_EXTRA_POINTS = rulebook(5, "Carte Obiettivo, Uffici: 'Ricevi 5 PV addizionali per ogni ulteriore Ufficio occupato'", "OFFICE_EXTRA_POINTS")
PAIR_POINTS = rulebook(8, "Carte Obiettivo, Coppie: 8 PV per coppia (Veronica 3 x 8 = 24)", "PAIR_POINTS")
SEQUENCE_POINTS = rulebook(15, "Carte Obiettivo, Sequenza 3/4/5: 15 PV (Beatrice 2 x 15 = 30)", "SEQUENCE_POINTS")
OFFICE_CARDS = rulebook(
    ("value3", "value4", "value5", "count", "pairs", "sequence"),
    "Carte Obiettivo, Uffici: 3, 4, 5 / Valore Raffigurato / Coppie / Sequenza (six red cards)",
    "OFFICE_CARDS",
)
OBJECTIVE_CARDS = source(18, "staufer.json components.job_cards = 18 (6 region, 6 path, 6 office)", "OBJECTIVE_CARDS")
