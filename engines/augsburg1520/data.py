"""Everything printed on the Augsburg 1520 components.

Each value is marked: ``rulebook`` (the Italian text 000_... "IT" or the French
text 001_... "FR", with the section), ``source`` (shared/gamedata/augsburg1520.json)
or ``assumed`` (not in any text or public source: chosen to fit every rule and
worked example; the reason says how). A player with the real box corrects a
value here, in one place.
"""

from __future__ import annotations

from engines.base import assumed, rulebook, source

# --- nobles and debt notes ----------------------------------------------------

NOBLES = rulebook(
    ["philippe", "louise", "leo", "maria", "maximilien"],
    "IT/FR Fase 1 / 1re phase: the visits are always Philippe, Louise, Léo, Maria, Maximilien",
    name="NOBLES",
)
NOBLE_NAMES = rulebook(
    {"philippe": "Philippe", "louise": "Louise", "leo": "Léo", "maria": "Maria", "maximilien": "Maximilien"},
    "IT/FR: names of the five nobles",
    name="NOBLE_NAMES",
)
NOTE_NOBLES = rulebook(
    ["philippe", "louise", "leo", "maria"],
    "IT/FR Materiale: 68 debt notes, 1 to 17 for each of 4 nobles; none for Maximilien",
    name="NOTE_NOBLES",
)
NOTE_VALUES = rulebook(list(range(1, 18)), "IT/FR Materiale: values 1 to 17", name="NOTE_VALUES")
MAXIMILIEN_TIEBREAK = rulebook(
    {"maria": 4, "leo": 3, "louise": 2, "philippe": 1},
    "IT/FR Regole speciali per Maximilien: equal values, Maria > Léo > Louise > Philippe",
    name="MAXIMILIEN_TIEBREAK",
)
JOKER_COUNT = rulebook(12, "IT/FR Materiale: 12 jokers", name="JOKER_COUNT")
JOKER_PRICE = rulebook(400, "IT/FR Materiale: jokers at 400 florins", name="JOKER_PRICE")

# Price printed on a debt note (front and back). The texts give only the range
# 200-400 and the card pictured in the French text (page 3): value 13, price 300.
NOTE_PRICE_BANDS = assumed(
    [[4, 200], [9, 250], [13, 300], [16, 350], [17, 400]],
    "texts give 200-400 per note, higher value = larger loan (note 4), and a 13 at 300 "
    "(FR page 3 card legend); bands of 50 florins (the smallest bill) fit all of that",
    name="NOTE_PRICE_BANDS",
)
source("200-400", "gamedata debt_notes.price_range (der-kleine-spieleladen review)", name="price range")

# --- start of the game ----------------------------------------------------------

START_MONEY = rulebook(1500, "IT/FR Preparazione: 1500 florins each", name="START_MONEY")
START_JOKERS = rulebook(2, "IT/FR Preparazione: 2 jokers each", name="START_JOKERS")
START_DEAL = rulebook(7, "IT/FR Preparazione: 7 notes dealt one at a time from the 1st player", name="START_DEAL")
BANK_TOTAL = rulebook(
    18 * 50 + 32 * 100 + 22 * 500, "IT/FR Materiale: 70 bills (18x50, 32x100, 22x500)", name="BANK_TOTAL"
)
EXTRA_ROUNDS = rulebook(2, "IT/FR Svolgimento: rounds = players + 2 (4 to 7)", name="EXTRA_ROUNDS")

# --- level cards ----------------------------------------------------------------

CATEGORIES = rulebook(["yellow", "orange", "purple"], "IT/FR Le plance: three categories", name="CATEGORIES")
LEVEL_SUPPLY = rulebook(
    {
        "2": {"2": 2, "3": 1, "4": 1},
        "3": {"2": 3, "3": 1, "4": 1},
        "4": {"2": 4, "3": 2, "4": 1},
        "5": {"2": 5, "3": 3, "4": 1},
    },
    "IT/FR Preparazione table: per colour small/medium/large = level 2/3/4 cards "
    "(level 1 is printed on the player board: gamedata level_cards, inference)",
    name="LEVEL_SUPPLY",
)
source(9, "gamedata level_cards.per_category_total (1 large, 3 medium, 5 small)", name="level cards per category")
LEVEL_NAMES = {
    "yellow": assumed(
        ["Augsburg", "Innsbruck", "Venedig", "Antwerpen"],
        "the yellow levels are trading offices; the text names only Innsbruck (Rüdiger's 900 florins = level 2); "
        "the others are Fugger offices of the time",
        name="yellow level names",
    ),
    "orange": rulebook(["Bürger", "Freiherr", "Graf", "Fürst"], "IT/FR Titolo di nobiltà", name="orange names"),
    "purple": rulebook(
        ["Kaufmann", "Zunftmeister", "Ratsherr", "Bürgermeister"], "IT/FR Funzioni", name="purple names"
    ),
}
INCOME = rulebook([600, 900, 1200, 1600], "IT/FR Fase 2 Denaro: by highest yellow level", name="INCOME")
LEVEL_PRESTIGE = rulebook([3, 5, 8, 12], "IT/FR Fase 2 Punti prestigio: by highest orange level", name="LEVEL_PRESTIGE")
# (free cards, cards offered for purchase) by purple level: 4, 5, 6, 1+6
NOTE_DRAWS = rulebook(
    [[0, 4], [0, 5], [0, 6], [1, 6]], "IT/FR Fase 2 Pagherò: 4, 5, 6 or 1+6 cards by purple level", name="NOTE_DRAWS"
)
MUENZMEISTER_FREE = rulebook(1, "IT/FR Funzioni: the Münzmeister gives 1 free note each round", name="MUENZMEISTER_FREE")

# --- rights tiles (six stacks, most valuable on top = first) ---------------------

TILE_STACKS = {
    "kirche": assumed(
        [700, 600, 500, 400, 300],
        "30 tiles in 6 stacks = 5 each; costs are not in the texts: the top church costs 700 as "
        "Sigurd's in example 2; cheaper downwards (IT/FR: most expensive on top)",
        name="Kirche costs",
    ),
    "dom": assumed(
        [900, 800, 700, 600, 500],
        "5 tiles; Matthias builds the top cathedral for 900 in example 1; cheaper downwards",
        name="Dom costs",
    ),
    "wappen": assumed(
        [4, 3, 2, 2, 1],
        "5 tiles; IT/FR Graf: coat of arms 4-1 prestige per round; Ada's is worth 2, Rüdiger's 1",
        name="Wappen values",
    ),
    "adelsbrief": assumed(
        [5, 4, 3, 3, 2],
        "5 tiles; IT/FR Fürst: letters of nobility 5-2 prestige per round; Sigurd's (example 3) and "
        "Rüdiger's are worth 4",
        name="Adelsbrief values",
    ),
    "muenzmeister": assumed([1, 1, 1, 1, 1], "5 tiles (30 tiles / 6 stacks); value unused", name="Münzmeister"),
    "baumeister": assumed([1, 1, 1, 1, 1], "5 tiles (30 tiles / 6 stacks); value unused", name="Baumeister"),
}
source(30, "gamedata rights_tiles.count; superfred: 6 stacks", name="rights tiles")
TILE_NAMES = rulebook(
    {
        "kirche": "Kirche (church)",
        "dom": "Dom (cathedral)",
        "wappen": "Wappen (coat of arms)",
        "adelsbrief": "Adelsbrief (letter of nobility)",
        "muenzmeister": "Münzmeister (mint master)",
        "baumeister": "Baumeister (architect)",
    },
    "IT/FR Tessere diritti",
    name="TILE_NAMES",
)
# The lowest level of the category that allows taking the tile with a privilege.
TILE_RULES = rulebook(
    {
        "wappen": ["orange", 3],
        "adelsbrief": ["orange", 4],
        "muenzmeister": ["purple", 3],
        "baumeister": ["purple", 4],
    },
    "IT/FR Funzioni / Titolo di nobiltà: Münzmeister from Ratsherr, Baumeister from Bürgermeister, "
    "coat of arms from Graf, letter of nobility from Fürst (level 4 may take level 3's tile too)",
    name="TILE_RULES",
)
CASH_RIGHT = rulebook(300, "IT/FR Uffici: 300 florins instead of a yellow level", name="CASH_RIGHT")
CASH_MIN_LEVEL = rulebook(2, "IT/FR Uffici: valid for every level except the 1st", name="CASH_MIN_LEVEL")

# --- privileges ---------------------------------------------------------------

PRIVILEGE_GOLD = rulebook(500, "IT/FR Significato dei privilegi: 500 florins", name="PRIVILEGE_GOLD")
PRIVILEGE_DRAW = rulebook(2, "IT/FR: draw 2 notes, then discard one", name="PRIVILEGE_DRAW")
FORGO_PRESTIGE = rulebook(2, "IT/FR Utilizzo dei privilegi: 2 prestige per privilege not used", name="FORGO_PRESTIGE")
PRIVILEGES_USED = rulebook(2, "IT/FR Utilizzo dei privilegi: two of the three privileges", name="PRIVILEGES_USED")
# Kinds: gold, prestige6, prestige7, draw, yellow, orange, purple.
PRIVILEGE_CARDS = assumed(
    {
        "1": ["gold", "purple", "prestige6"],
        "2": ["purple", "purple", "gold"],
        "3": ["orange", "orange", "draw"],
        "4": ["yellow", "purple", "prestige7"],
        "5": ["yellow", "yellow", "orange"],
        "6": ["gold", "draw", "orange"],
        "7": ["prestige7", "yellow", "draw"],
        "8": ["purple", "orange", "yellow"],
        "9": ["prestige6", "draw", "purple"],
        "10": ["gold", "orange", "yellow"],
    },
    "the 10 cards are pictures not in the texts (gamedata: not found); each shows 3 privileges; "
    "card 1 = example 1 (500 florins, 6 prestige), 2 = example 2 (two purple), 3 = example 3 (two "
    "orange), 4 = example 4 (yellow and purple); the rest spread the six kinds evenly "
    "(gold/prestige/draw 4 each, yellow/orange/purple 6 each)",
    name="PRIVILEGE_CARDS",
)
source(10, "gamedata privilege_cards.count", name="privilege cards")
PRIVILEGE_ROW = rulebook(5, "IT/FR Preparazione: 5 face up, 5 face down", name="PRIVILEGE_ROW")

# --- showdown, steals and prestige --------------------------------------------

SHOWDOWN_COMPENSATION = rulebook(
    [100, 50], "IT/FR Fase 1: 2nd highest card 100 florins, 3rd 50 (among the tied players)", name="SHOWDOWN_COMPENSATION"
)
STEAL_MONEY = rulebook(100, "IT/FR Carte livello: the robbed player takes 100 florins ...", name="STEAL_MONEY")
STEAL_PRESTIGE = rulebook(1, "IT/FR Carte livello: ... or 1 prestige point", name="STEAL_PRESTIGE")
source("100 Gulden or 1 prestige", "gamedata level_cards.steal_compensation", name="steal compensation")
CHURCH_CAP = rulebook(25, "IT/FR Costruire una chiesa: no passing 25 without a church (note 9)", name="CHURCH_CAP")
CATHEDRAL_CAP = rulebook(45, "IT/FR: no passing 45 without a cathedral (notes 9, 13)", name="CATHEDRAL_CAP")


def note_price(card: str) -> int:
    """The price printed on a debt note or joker."""
    if card.startswith("joker"):
        return JOKER_PRICE
    value = int(card.rsplit("-", 1)[1])
    for top, price in NOTE_PRICE_BANDS:
        if value <= top:
            return price
    raise ValueError(card)


ALL_NOTES = [f"{n}-{v}" for n in NOTE_NOBLES for v in NOTE_VALUES]
ALL_JOKERS = [f"joker-{i}" for i in range(1, JOKER_COUNT + 1)]
ALL_CARDS = ALL_NOTES + ALL_JOKERS
