"""Data of the Nobility, Country Estate and Full games: the nobility table, the
cards marked 2 and 3, the country estates and the split of the cards into the
game pack (Spielstapel, S) and the stock pack (Vorrat, V).

The text gives the rules and the 4-player split; the table on "side 13"/"page
17" itself, the nobility table and the cards are pictures that were not found.
Every value is marked ``rulebook`` or ``assumed`` like ``data.py``.

Card counts that the text fixes (sets 1+2 for the Nobility Game, 1+2+3 for the
Country Estate Game) and how they are met:
- 24 demand cards carry a 1 (Trading Game); the Nobility Game counts 17 noble
  demands and 20 normal demands in sets 1+2: so 4 of the 24 set-1 demands are
  noble clients (``NOBLE_SET1``), 13 noble demands carry a 2, no normal demand
  carries a 2. The Country Estate Game has 19 noble demands: 2 carry a 3.
- offers: 11 with a 1, 20 in sets 1+2: 9 carry a 2 (none a 3).
- chance: 6 with a 1, 14 in sets 1+2: 8 carry a 2; 17 in all (15 S + 2 V at
  four players): 3 carry a 3.
- markets: 2 with a 1, 5 in sets 1+2, 6 in all: 3 carry a 2, 1 a 3.
- 6 country estates (set 3).
"""

from __future__ import annotations

from engines.base import assumed, rulebook

from . import data as D

# --- the nobility table -----------------------------------------------------------

SHIELD = assumed(20, "the table's length is a picture; 20 spaces need about ten rolls (2 spaces each on average)", "SHIELD")
START_POSITION = rulebook(
    {"augsburg": 0, "nuernberg": 0, "florenz": 1},
    "Nobility Game, Preparation: players with home base Florenz start one space further along", "START_POSITION",
)
ADVANCE = rulebook(
    {"honour": 3, "sea": 2, "free": 1, "note": 2},
    "Demands from Noble Clients: Ehre 3 spaces, Seegeleit 2, Freies Geleit 1, each debt note 2", "ADVANCE",
)
DONATIONS = rulebook((500, 1000), "Demands from Noble Clients: give up 500 Fl. or 1000 Fl.", "DONATIONS")
TRICK_DONATION = rulebook(600, "Rechentrick: give up 600 Fl., the Noble believes it was 1000", "TRICK_DONATION")
CUBES_PER_PLAYER = rulebook(8, "Contents: 48 small wooden cubes (six colours: 8 each)", "CUBES_PER_PLAYER")
RIGHT_OF_WAY_FEE = rulebook(100, "Freies Geleit d): a right of way fee of 100 Fl.", "RIGHT_OF_WAY_FEE")
FREE_PASSAGE_ROBBER_BONUS = rulebook(2, "Räuber/Piraten: free passage adds 2 points to the dice roll", "ROBBER_BONUS")

# The column above each position: (first position, last position, result per 2d6 sum 2..12)
_COLS = (
    (0, 4, ("honour", "note", "note", "sea", "free", "free", "free", "sea", "note", "note", "honour")),
    (5, 9, ("honour", "honour", "note", "note", "sea", "free", "sea", "note", "note", "honour", "honour")),
    (10, 14, ("honour", "honour", "honour", "note", "note", "sea", "note", "free", "note", "honour", "honour")),
    (15, 19, ("honour", "honour", "honour", "sea", "note", "note", "note", "free", "honour", "honour", "honour")),
)
COLUMNS = assumed(
    [{"from": a, "to": b, "results": {str(s): r for s, r in zip(range(2, 13), res)}} for a, b, res in _COLS],
    "the nobility table is a picture: four columns of five positions, the four results of the text "
    "(Ehre, Seegeleit, Freies Geleit, Schuldscheine) spread over the 2d6 sums, honour commoner higher up",
    "COLUMNS",
)


def column_for(position: int) -> dict:
    for col in COLUMNS:
        if col["from"] <= position <= col["to"]:
            return col
    return COLUMNS[-1]


# --- cards marked 2 and 3 ---------------------------------------------------------------

NOBLE_SET1 = assumed(
    ("n04", "n08", "n10", "n19"),
    "24 demands carry a 1 but sets 1+2 hold only 20 normal demands: four set-1 demands (the dearest towns: "
    "Venedig, Paris, London, Florenz) are noble clients",
    "NOBLE_SET1",
)


def _card(id, kind, set_, town, plus, lines, urgent=False, reuse=False, noble=False, why="assumed card", **extra):
    return assumed(
        {"id": id, "kind": kind, "set": set_, "town": town, "plus": plus, "urgent": urgent, "reuse": reuse,
         "noble": noble, "lines": [list(x) for x in lines], **extra},
        why, id,
    )


_ND = "assumed card: a noble client; prices around Tip 7's averages"
NOBLE_DEMANDS = (
    _card("d01", "demand", 2, "wien", 3, [("spice", 2, 1520), ("cloth", 2, 900)], noble=True, why=_ND),
    _card("d02", "demand", 2, "prag", 3, [("metal", 2, 1700)], noble=True, reuse=True, why=_ND),
    _card("d03", "demand", 2, "regensburg", 2, [("cloth", 3, 880)], noble=True, why=_ND),
    _card("d04", "demand", 2, "mailand", 3, [("spice", 2, 1500), ("metal", 1, 1700)], noble=True, reuse=True, why=_ND),
    _card("d05", "demand", 2, "rom", 4, [("spice", 3, 1540)], noble=True, why=_ND),
    _card("d06", "demand", 2, "koeln", 3, [("metal", 2, 1680), ("cloth", 2, 880)], noble=True, why=_ND),
    _card("d07", "demand", 2, "innsbruck", 2, [("metal", 2, 1660)], noble=True, reuse=True, why=_ND),
    _card("d08", "demand", 2, "paris", 4, [("cloth", 3, 920), ("spice", 2, 1500)], noble=True, why=_ND),
    _card("d09", "demand", 2, "augsburg", 3, [("spice", 2, 1440)], noble=True, reuse=True, why=_ND),
    _card("d10", "demand", 2, "nuernberg", 3, [("cloth", 3, 860)], noble=True, why=_ND),
    _card("d11", "demand", 2, "florenz", 3, [("metal", 2, 1700)], noble=True, reuse=True, why=_ND),
    _card("d12", "demand", 2, "leipzig", 3, [("spice", 2, 1480), ("metal", 2, 1680)], noble=True, why=_ND),
    _card("d13", "demand", 2, "lyon", 4, [("cloth", 3, 900)], noble=True, urgent=True, why=_ND),
    _card("d14", "demand", 3, "frankfurt", 3, [("metal", 2, 1700), ("spice", 2, 1480)], noble=True, reuse=True, why=_ND),
    _card("d15", "demand", 3, "hamburg", 3, [("cloth", 3, 900)], noble=True, reuse=True, why=_ND),
)

_OF = "assumed card: prices around Tip 7's averages"
OFFERS2 = (
    _card("a12", "offer", 2, "antwerpen", 3, [("cloth", 4, 620)], why=_OF),
    _card("a13", "offer", 2, "venedig", 3, [("spice", 3, 1020)], reuse=True, why=_OF),
    _card("a14", "offer", 2, "osten", 4, [("metal", 3, 1280)], why=_OF),
    _card("a15", "offer", 2, "london", 3, [("cloth", 4, 600)], reuse=True, why=_OF),
    _card("a16", "offer", 2, "sueditalien", 4, [("spice", 3, 1000), ("cloth", 2, 620)], why=_OF),
    _card("a17", "offer", 2, "prag", 3, [("metal", 2, 1300)], reuse=True, why=_OF),
    _card("a18", "offer", 2, "bruegge", 3, [("cloth", 3, 620), ("spice", 2, 1060)], why=_OF),
    _card("a19", "offer", 2, "genua", 3, [("spice", 3, 1040)], reuse=True, why=_OF),
    _card("a20", "offer", 2, "leipzig", 2, [("metal", 2, 1320)], urgent=True, why=_OF),
)


def _market(id, set_, town, demand, offer):
    return assumed(
        {"id": id, "kind": "market", "set": set_, "town": town, "plus": 0, "urgent": False, "reuse": True,
         "noble": False, "lines": [list(x) for x in demand], "offer_lines": [list(x) for x in offer]},
        "assumed card: a trade fair town; prices around Tip 7's averages", id,
    )


MARKETS2 = (
    _market("m3", 2, "nuernberg", [("metal", 2, 1680), ("cloth", 3, 880)], [("spice", 3, 1040)]),
    _market("m4", 2, "antwerpen", [("spice", 3, 1480)], [("cloth", 4, 600), ("metal", 2, 1300)]),
    _market("m5", 2, "venedig", [("metal", 3, 1720)], [("spice", 4, 1020)]),
    _market("m6", 3, "lyon", [("cloth", 3, 900), ("spice", 2, 1460)], [("metal", 3, 1300)]),
)


def _chance(id, set_, effect, name, why, **extra):
    return assumed({"id": id, "kind": "chance", "set": set_, "effect": effect, "name": name, **extra}, why, id)


CHANCES2 = (
    _chance("e7", 2, "army", "Heeres Kosten", "rulebook: Heeres Kosten; set 2 assumed"),
    _chance("e8", 2, "coronation", "Kaiser Krönung", "rulebook: Kaiser Krönung; set 2 assumed"),
    _chance("e9", 2, "rechentrick", "Rechentrick", "rulebook: Rechentrick; set 2 assumed"),
    _chance("e10", 2, "america", "Entdeckung Amerikas",
            "rulebook: America discovered, used as a purchase card in Spanien/Portugal; its wares and plus assumed",
            town="spanien", plus=3, urgent=False, reuse=False, noble=False,
            offer=[("metal", 3, 1240), ("spice", 3, 980)]),
    _chance("e11", 2, "fuggerei", "Fuggerei und Kunstmäzen", "rulebook: Fuggerei und Kunst; set 2 assumed",
            region="Kurrhein"),
    _chance("e12", 2, "corruption", "Korruption", "rulebook: Korruption; set 2 assumed"),
    _chance("e13", 2, "robbers", "Räuber in Sachsen und Böhmen", "rulebook: Räuber; regions assumed",
            areas=["Sachsen", "Böhmen"]),
    _chance("e14", 2, "robbers", "Piraten in Nordsee und Ostsee", "rulebook: Piraten; seas assumed",
            areas=["Nordsee", "Ostsee"]),
    _chance("e15", 3, "robbers", "Räuber in Schwaben und Bayern", "rulebook: Räuber; regions and set 3 assumed",
            areas=["Schwaben", "Bayern"]),
    _chance("e16", 3, "army", "Heeres Kosten (2)", "rulebook: Heeres Kosten; a second card in set 3 assumed"),
    _chance("e17", 3, "lottery", "Lotterie (2)", "rulebook: Lotterie; a second card in set 3 assumed"),
)

ESTATES = tuple(
    assumed({"id": id, "kind": "estate", "set": 3, "name": name, "town": town, "plus": plus, "min": mn,
             "rent": rent, "urgent": False, "reuse": False, "noble": False, "lines": []},
            "rulebook: six Landsitz cards with a minimum bid and a rent (Verpachtung); names, prices, rents assumed "
            "(dearer than a year's trade, as Tip 13 warns)", id)
    for id, name, town, plus, mn, rent in (
        ("l1", "Landsitz am Starnberger See", "augsburg", 3, 9000, 400),
        ("l2", "Landsitz in der Fränkischen Schweiz", "nuernberg", 3, 9500, 450),
        ("l3", "Villa in der Toskana", "florenz", 3, 10000, 500),
        ("l4", "Landsitz am Rhein", "koeln", 4, 10500, 550),
        ("l5", "Gut in Böhmen", "prag", 4, 11000, 600),
        ("l6", "Schloss an der Loire", "paris", 4, 12000, 700),
    )
)

EXTRA_CARDS = {c["id"]: c for c in (*NOBLE_DEMANDS, *OFFERS2, *MARKETS2, *CHANCES2, *ESTATES)}
ALL_CARDS = {**D.CARDS, **EXTRA_CARDS}

# --- how the chance cards of the variants leave ----------------------------------------
# "stock": back to the stock pack; "out": discarded; "kept": the winner keeps it

CHANCE_FATE = rulebook(
    {"robbers": "stock", "black_sheep": "kept", "boom": "stock", "lottery": "stock", "army": "stock",
     "rechentrick": "kept", "america": "out", "coronation": "out", "fuggerei": "out", "corruption": "kept",
     "blockade": "stock"},
    "Chance Cards (Ereignis): each card's text (Robbers, Boom, Lottery, Army costs return to stock; America, "
    "Coronation, Fuggerei are discarded; Rechentrick, Corruption and the black sheep are kept)", "CHANCE_FATE",
)
AUCTION_MIN = rulebook(
    {"army": 500, "coronation": 500, "rechentrick": 20, "fuggerei": 20, "corruption": 20},
    "Chance Cards: minimum bids 500 (Heeres Kosten, Kaiser Krönung), 20 (Rechentrick, Fuggerei, Korruption)",
    "AUCTION_MIN",
)
MAX_NOTES_PER_AUCTION = rulebook(2, "Heeres Kosten / Kaiser Krönung: no player may receive more than 2 debt notes",
                                 "MAX_NOTES_PER_AUCTION")
MAX_AUCTION_BID = assumed(30000, "a cap for written bids on chance-card auctions and estates", "MAX_AUCTION_BID")

# --- splitting the cards: (game pack S, stock V) by kind and number of players ----------
# kinds: noble (demands from noble clients), demand (normal), offer, chance, market (drawn).


def _split(noble, demand, offers, chance):
    return {p: {"noble": noble, "demand": demand, "offer": offers[p], "chance": chance} for p in range(2, 7)}


NOBILITY_SPLIT = assumed(
    _split((8, 8), (3, 0), {2: (9, 5), 3: (8, 5), 4: (7, 5), 5: (6, 5), 6: (5, 5)}, (13, 1)),
    "rulebook for 4 players (noble 8 S/8 V of 17, demands 3/0 of 20, offers 7/5 of 20, chance 13/1 of 14); "
    "other counts assumed: one offer more in the game pack per player fewer, as the Trading Game's offer table",
    "NOBILITY_SPLIT",
)
ESTATE_SPLIT = assumed(
    _split((8, 7), (4, 7), {2: (9, 8), 3: (8, 8), 4: (7, 8), 5: (6, 8), 6: (5, 8)}, (15, 2)),
    "rulebook for 4 players (noble 8/7 of 19, demands 4/7, offers 7/8, chance 15/2, 6 estates to stock, "
    "1 of 6 markets); other counts assumed as in the Nobility split",
    "ESTATE_SPLIT",
)
NOBILITY_SETS = rulebook((1, 2), "Preparation of the Cards: cards marked 1 or 2", "NOBILITY_SETS")
ESTATE_SETS = rulebook((1, 2, 3), "Country Estate Game: all cards, marked 1, 2 and 3", "ESTATE_SETS")
RENT_SPACE = rulebook(6, "Full Game: at the start of July the first owner receives rents", "RENT_SPACE")
FIRST_OWNER_INTEREST = rulebook(300, "Full Game: the first owner's debt notes pay 300 Fl. each", "FIRST_OWNER_INTEREST")
