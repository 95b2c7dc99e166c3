"""Everything printed on the board, the calendar, the goods storage cards and
the cards of Fugger, Welser, Medici.

The rulebook text (shared/seeds/004_e0c1bf8aa9ff46b3.txt, an English player
translation) gives the rules, a few numbers and some names; the map, the
calendar and the cards themselves are pictures that were not found in any
public source (shared/gamedata/fugger_welser_medici.json: "not found"). Every
value below is therefore marked ``rulebook`` (with the section that gives it)
or ``assumed`` (with the reason it fits the text), so that a player holding
the real box can correct it in one place. README.md summarises the choices.

Identifiers are lower-case ASCII (umlauts written ae/oe/ue, sz as ss) so they
can be typed in an email; ``name`` keeps the German spelling of the board.
"""

from __future__ import annotations

from engines.base import assumed, rulebook

# --- wares and money ----------------------------------------------------------

WARES = rulebook(("metal", "spice", "cloth"), "Contents: bars of metal, bales of cloth, sacks of spices", "WARES")
WARE_NAMES = assumed(
    {"metal": "Metall", "spice": "Gewürz", "cloth": "Tuch"}, "German names of the three wares", "WARE_NAMES"
)

START_CASH = rulebook(9000, "Preparation: each player receives 9000 Fl.", "START_CASH")
START_WARES = rulebook(
    {"metal": 1, "spice": 1, "cloth": 2}, "Preparation: 1 metal bar, 1 spice, 2 bales of cloth", "START_WARES"
)
FORCED_PRICE = rulebook(
    {"cloth": 500, "spice": 800, "metal": 1100}, "General Rules About Trading, Forced Sales", "FORCED_PRICE"
)
NOTE_SALE_VALUE = rulebook(300, "Nobility Game, debt notes: forced sale value 300 Fl.", "NOTE_SALE_VALUE")
NOTE_INTEREST = rulebook(200, "Nobility Game, debt notes: 200 Fl. interest every Payday", "NOTE_INTEREST")
NONPAYER_FINE = rulebook(300, "Offer Cards: the player who made the error must pay 300 Fl.", "NONPAYER_FINE")
PRICE_STEP = assumed(
    20,
    "the smallest coin is 20 Fl. (Contents) and every price in the examples (1540, 1580, 800, 760, 740) is a multiple of 20",
    "PRICE_STEP",
)
MAX_BID = assumed(4000, "a cap for written bids, far above every card price (Tip 7: averages 800/1300/1600)", "MAX_BID")

# --- home bases, representatives, payday -------------------------------------

HOME_BASES = rulebook(("augsburg", "florenz", "nuernberg"), "Home Base: Augsburg, Florenz or Nürnberg", "HOME_BASES")
TAXES = rulebook(
    {"augsburg": 300, "nuernberg": 300, "florenz": 400}, "Payday, Taxes: 300 Nürnberg/Augsburg, 400 Florenz", "TAXES"
)
WAGES = rulebook(
    {"1": 0, "2": 100, "3": 400},
    "Payday: the wages are shown on the goods storage card: the son of the house (rep 1) is free, the first "
    "employee's space (rep 2) 100 Fl., the second's (rep 3) 400 Fl.",
    "WAGES",
)
SON = rulebook(1, "Home Base: the figure with a ball on top is the Son of the House (rep 1)", "SON")
REPS = rulebook((1, 2, 3), "Goods storage card: three trade representatives", "REPS")
START_REPS = rulebook((1, 2), "Home Base: the son and the first employee start at home, the third in reserve", "START_REPS")
MAX_MOVE = rulebook(3, "Phase 2: each TR moves up to 3 spaces", "MAX_MOVE")
MOVE_COST_LADEN = rulebook((0, 0, 20, 60), "Phase 2: with wares 0 / 20 / 60 Fl. for 1 / 2 / 3 spaces", "MOVE_COST_LADEN")
MOVE_COST_UNLADEN = rulebook((0, 0, 0, 20), "Phase 2: without wares only 20 Fl. for 3 spaces", "MOVE_COST_UNLADEN")
ACCIDENT_MAX_ROLL = rulebook(
    (0, 2, 3, 4), "Phase 2: two dice; 2 on 1 space, 2-3 on 2 spaces, 2-4 on 3 spaces is an accident", "ACCIDENT_MAX_ROLL"
)
ACCIDENT_KEEP = rulebook(3, "Broken Axle / Storm: the TR keeps only three wares", "ACCIDENT_KEEP")
TOLL = rulebook({"unladen": 20, "laden": 40}, "Tolls: 20 Fl. without wares, 40 Fl. with wares", "TOLL")

# --- robbers (chance cards) ----------------------------------------------------

ROBBER_TABLE = rulebook(
    ((6, 2), (9, 1), (99, 0)), "Räuber/Piraten: 6 or less 2 wares, 7-9 1 ware, 10 or more none", "ROBBER_TABLE"
)
BRIBE_PER_POINT = rulebook(100, "Räuber/Piraten: extra points at 100 Fl. per point", "BRIBE_PER_POINT")
MAX_BRIBE = assumed(8, "8 points lift the lowest roll (2) to 10, where nothing is stolen; more is never useful", "MAX_BRIBE")
SHEEP_FIRST_STAKE = rulebook(20, "Schwarzes Schaf: passed on with 20 Fl.; each next passer doubles the stake (20, 20, 40, 80 ... paid)", "SHEEP_FIRST_STAKE")
LOTTERY_PRICE = rulebook(100, "Lotterie: 100 Fl. per number of a die", "LOTTERY_PRICE")

# --- the calendar ----------------------------------------------------------------
# One year of spaces, in order. The marker starts on "Start Zeit" (early July);
# deals are timed from "Start Termin" (early August).

CALENDAR = assumed(
    (
        {"id": "jan-feb", "name": "Januar/Februar", "month": "jan-feb"},
        {"id": "mar", "name": "März", "month": "mar"},
        {"id": "apr", "name": "April", "month": "apr"},
        {"id": "may-1", "name": "Anfang Mai", "month": "may"},
        {"id": "may-2", "name": "Ende Mai", "month": "may"},
        {"id": "jun", "name": "Juni", "month": "jun"},
        {"id": "jul-1", "name": "Anfang Juli", "month": "jul"},
        {"id": "jul-2", "name": "Ende Juli", "month": "jul"},
        {"id": "aug-1", "name": "Anfang August", "month": "aug"},
        {"id": "aug-2", "name": "Ende August", "month": "aug"},
        {"id": "sep-1", "name": "Anfang September", "month": "sep"},
        {"id": "sep-2", "name": "Ende September", "month": "sep"},
        {"id": "oct", "name": "Oktober", "month": "oct"},
        {"id": "nov", "name": "November", "month": "nov"},
        {"id": "dec", "name": "Dezember", "month": "dec"},
    ),
    "rulebook: spaces are a month, a half month or two months; Jan/Feb is one space; early July, early August, "
    "first/second September, October, December follow the example (+2 from early August = first September space, "
    "+3 = second September, +1/+3 after the second September marker = October/December); beginning of May exists "
    "for markets. Whole months for March, April, June and halves for May and July are assumed",
    "CALENDAR",
)
START_SPACE = rulebook(6, "Preparation: the red cylinder starts on 'Start Zeit' in early July", "START_SPACE")
START_TERMIN_OFFSET = rulebook(2, "Cards: deals are timed from 'Start Termin' in early August (2 spaces later)", "START_TERMIN")
MARKET_SPACE = rulebook(3, "Market Cards: markets always take place at the beginning of May", "MARKET_SPACE")
PAYDAY_SPACE = rulebook(14, "Phase 1: every December comes Payday", "PAYDAY_SPACE")
WINTER_SPACES = rulebook((13, 14, 0), "Phase 2: no sailing in November, December and January/February", "WINTER_SPACES")
DEAL_CARDS_ON_TABLE = rulebook(4, "Trade Completed: there must always be 4 Deal cards face up", "DEAL_CARDS_ON_TABLE")

# --- the map ------------------------------------------------------------------------
# kind: town | country (a countryside space: Spanien/Portugal, Osten, Süditalien
# and the passes) | sea (one ship). region: a land region or one of the four sea
# areas. harbour: ships may be taken from here.

SEA_AREAS = assumed(
    ("Nordsee", "Ostsee", "Atlantik", "Mittelmeer"),
    "the text names four sea areas 'around the board' and the Turkish blockade of the Mediterranean",
    "SEA_AREAS",
)
LAND_REGIONS = assumed(
    (
        "Kurrhein", "Franken", "Schwaben", "Bayern", "Tirol", "Österreich", "Böhmen", "Sachsen",
        "Niedersachsen", "Flandern", "England", "Frankreich", "Elsass", "Eidgenossenschaft",
        "Lombardei", "Venetien", "Toskana", "Spanien/Portugal", "Osten", "Süditalien",
    ),
    "Kurrhein is named by the Fuggerei card; Spanien/Portugal, Osten, Süditalien by the broken-axle rule; "
    "the rest follow the imperial circles and states of about 1500",
    "LAND_REGIONS",
)


def _space(id, name, kind, region, harbour=False, why="assumed position on the map of mediaeval Europe"):
    return assumed({"id": id, "name": name, "kind": kind, "region": region, "harbour": harbour}, why, id)


SPACES = {
    s["id"]: s
    for s in (
        _space("augsburg", "Augsburg", "town", "Schwaben", why="rulebook: a home base; region assumed"),
        _space("ulm", "Ulm", "town", "Schwaben"),
        _space("nuernberg", "Nürnberg", "town", "Franken", why="rulebook: a home base; region assumed"),
        _space("wuerzburg", "Würzburg", "town", "Franken", why="rulebook: Tolls names Würzburg"),
        _space("regensburg", "Regensburg", "town", "Bayern"),
        _space("innsbruck", "Innsbruck", "town", "Tirol"),
        _space("wien", "Wien", "town", "Österreich"),
        _space("prag", "Prag", "town", "Böhmen"),
        _space("leipzig", "Leipzig", "town", "Sachsen"),
        _space("erfurt", "Erfurt", "town", "Sachsen"),
        _space("magdeburg", "Magdeburg", "town", "Sachsen"),
        _space("frankfurt", "Frankfurt", "town", "Kurrhein", why="rulebook: Tolls names Frankfurt; region assumed"),
        _space("mainz", "Mainz", "town", "Kurrhein"),
        _space("koeln", "Köln", "town", "Kurrhein", why="rulebook: Köln has a town toll; region assumed"),
        _space("strassburg", "Straßburg", "town", "Elsass"),
        _space("basel", "Basel", "town", "Eidgenossenschaft", why="rulebook: a Demand card for Basel"),
        _space("genf", "Genf", "town", "Eidgenossenschaft"),
        _space("bremen", "Bremen", "town", "Niedersachsen", harbour=True),
        _space("hamburg", "Hamburg", "town", "Niedersachsen", harbour=True),
        _space("luebeck", "Lübeck", "town", "Niedersachsen", harbour=True),
        _space("antwerpen", "Antwerpen", "town", "Flandern", harbour=True),
        _space("bruegge", "Brügge", "town", "Flandern", harbour=True),
        _space("london", "London", "town", "England", harbour=True, why="assumed: London is reached only by ship"),
        _space("paris", "Paris", "town", "Frankreich"),
        _space("lyon", "Lyon", "town", "Frankreich"),
        _space("marseille", "Marseille", "town", "Frankreich", harbour=True),
        _space("mailand", "Mailand", "town", "Lombardei"),
        _space("genua", "Genua", "town", "Lombardei", harbour=True),
        _space("verona", "Verona", "town", "Venetien"),
        _space("venedig", "Venedig", "town", "Venetien", harbour=True, why="rulebook: Venedig is a place of purchases"),
        _space("bologna", "Bologna", "town", "Toskana"),
        _space("florenz", "Florenz", "town", "Toskana", why="rulebook: a home base; region assumed"),
        _space("rom", "Rom", "town", "Toskana"),
        _space("spanien", "Spanien/Portugal", "country", "Spanien/Portugal", harbour=True,
               why="rulebook: Spanien/Portugal counts as countryside; America's wares arrive there (by ship, assumed)"),
        _space("osten", "Osten", "country", "Osten", harbour=True,
               why="rulebook: Osten counts as countryside; its Baltic harbour (Danzig) assumed"),
        _space("sueditalien", "Süditalien", "country", "Süditalien", harbour=True,
               why="rulebook: Süditalien counts as countryside and is a place of purchases; harbour assumed"),
        _space("schwarzwald", "Schwarzwald", "country", "Schwaben"),
        _space("brenner", "Brennerpass", "country", "Tirol"),
        _space("gotthard", "Gotthardpass", "country", "Eidgenossenschaft"),
        _space("kaernten", "Kärnten", "country", "Österreich"),
        _space("westfalen", "Westfalen", "country", "Niedersachsen"),
        _space("lothringen", "Lothringen", "country", "Elsass"),
        _space("nordsee1", "Schiff Nordsee (Kanal)", "sea", "Nordsee"),
        _space("nordsee2", "Schiff Nordsee (Deutsche Bucht)", "sea", "Nordsee"),
        _space("ostsee1", "Schiff Ostsee (West)", "sea", "Ostsee"),
        _space("ostsee2", "Schiff Ostsee (Ost)", "sea", "Ostsee"),
        _space("atlantik1", "Schiff Atlantik (Biskaya)", "sea", "Atlantik"),
        _space("atlantik2", "Schiff Atlantik (Portugal)", "sea", "Atlantik"),
        _space("mittelmeer1", "Schiff Mittelmeer (West)", "sea", "Mittelmeer"),
        _space("mittelmeer2", "Schiff Mittelmeer (Tyrrhenisch)", "sea", "Mittelmeer"),
        _space("adria", "Schiff Adria", "sea", "Mittelmeer"),
    )
}

# Roads (land) and ship lanes (sea); a road may carry a toll bridge, which lies
# in a land region (for the free passage of the Nobility Game).


def _road(a, b, bridge=None, why="assumed road of the map"):
    return assumed({"a": a, "b": b, "bridge": bridge}, why, f"{a}-{b}")


ROADS = (
    _road("augsburg", "ulm"),
    _road("augsburg", "nuernberg"),
    _road("augsburg", "regensburg"),
    _road("augsburg", "innsbruck"),
    _road("ulm", "schwarzwald"),
    _road("schwarzwald", "basel", bridge="Eidgenossenschaft", why="assumed: the Rhine bridge at Basel"),
    _road("nuernberg", "wuerzburg"),
    _road("nuernberg", "regensburg", bridge="Bayern", why="assumed: the Stone Bridge of Regensburg"),
    _road("nuernberg", "prag"),
    _road("nuernberg", "erfurt"),
    _road("wuerzburg", "frankfurt", bridge="Franken", why="rulebook: Tolls, the bridge between Würzburg and Frankfurt"),
    _road("frankfurt", "koeln", why="rulebook: the example command moves Köln-Frankfurt-Würzburg"),
    _road("frankfurt", "mainz"),
    _road("frankfurt", "erfurt"),
    _road("mainz", "koeln"),
    _road("mainz", "strassburg"),
    _road("strassburg", "basel"),
    _road("strassburg", "lothringen"),
    _road("lothringen", "paris"),
    _road("koeln", "antwerpen"),
    _road("koeln", "westfalen"),
    _road("westfalen", "bremen"),
    _road("bremen", "hamburg"),
    _road("hamburg", "luebeck"),
    _road("hamburg", "magdeburg", bridge="Niedersachsen", why="assumed: the Elbe bridge"),
    _road("magdeburg", "leipzig"),
    _road("leipzig", "erfurt"),
    _road("leipzig", "prag"),
    _road("leipzig", "osten"),
    _road("prag", "wien"),
    _road("regensburg", "wien"),
    _road("wien", "osten", bridge="Österreich", why="assumed: the Danube bridge"),
    _road("wien", "kaernten"),
    _road("kaernten", "venedig"),
    _road("innsbruck", "brenner"),
    _road("brenner", "verona"),
    _road("verona", "venedig"),
    _road("verona", "mailand"),
    _road("verona", "bologna"),
    _road("venedig", "bologna"),
    _road("bologna", "florenz"),
    _road("florenz", "genua"),
    _road("florenz", "rom"),
    _road("rom", "sueditalien"),
    _road("mailand", "genua"),
    _road("mailand", "gotthard"),
    _road("gotthard", "basel"),
    _road("basel", "genf"),
    _road("genf", "lyon"),
    _road("lyon", "paris"),
    _road("lyon", "marseille"),
    _road("marseille", "genua"),
    _road("marseille", "spanien"),
    _road("paris", "bruegge"),
    _road("antwerpen", "bruegge"),
)

SHIP_LANES = assumed(
    (
        ("antwerpen", "nordsee1"), ("bruegge", "nordsee1"), ("london", "nordsee1"), ("nordsee1", "nordsee2"),
        ("nordsee2", "hamburg"), ("nordsee2", "bremen"),
        ("luebeck", "ostsee1"), ("ostsee1", "ostsee2"), ("ostsee2", "osten"),
        ("london", "atlantik1"), ("bruegge", "atlantik1"), ("atlantik1", "atlantik2"), ("atlantik2", "spanien"),
        ("atlantik2", "mittelmeer1"),
        ("spanien", "mittelmeer1"), ("marseille", "mittelmeer1"), ("genua", "mittelmeer1"),
        ("mittelmeer1", "mittelmeer2"), ("genua", "mittelmeer2"), ("mittelmeer2", "sueditalien"),
        ("sueditalien", "adria"), ("adria", "venedig"),
    ),
    "rulebook: ships between harbour towns, each ship one space; the lanes themselves are assumed",
    "SHIP_LANES",
)
TOWN_TOLL = rulebook(("koeln",), "Tolls: movement through the town of Köln", "TOWN_TOLL")

# --- the cards ------------------------------------------------------------------------
# Deal cards: "lines" are read from the top of the card down (ware, amount,
# maximum price for a demand / minimum price for an offer). "plus" is the number
# in the circle (spaces after the timing marker). "set" is the number in the
# bottom left corner (1 = Trading Game). Urgent = "Eilauftrag".


def _demand(id, town, plus, lines, urgent=False, why="assumed card: prices around the averages of Tip 7"):
    return assumed(
        {"id": id, "kind": "demand", "set": 1, "town": town, "plus": plus, "urgent": urgent, "reuse": False,
         "lines": [list(x) for x in lines]},
        why, id,
    )


def _offer(id, town, plus, lines, urgent=False, why="assumed card: prices around the averages of Tip 7"):
    return assumed(
        {"id": id, "kind": "offer", "set": 1, "town": town, "plus": plus, "urgent": urgent, "reuse": False,
         "lines": [list(x) for x in lines]},
        why, id,
    )


DEMANDS = (
    _demand("n01", "basel", 3, [("metal", 4, 1600)],
            why="rulebook: the demand example (4 metal, maximum 1600) and the Basel demand card; plus 3 assumed"),
    _demand("n02", "koeln", 2, [("cloth", 3, 900), ("spice", 2, 1450)]),
    _demand("n03", "frankfurt", 3, [("spice", 3, 1400)], urgent=True),
    _demand("n04", "venedig", 4, [("metal", 3, 1750), ("cloth", 2, 860)]),
    _demand("n05", "wien", 3, [("spice", 2, 1500), ("cloth", 3, 880)]),
    _demand("n06", "hamburg", 2, [("spice", 3, 1460)]),
    _demand("n07", "luebeck", 3, [("cloth", 4, 860)]),
    _demand("n08", "paris", 4, [("spice", 2, 1540), ("metal", 2, 1700)]),
    _demand("n09", "antwerpen", 2, [("metal", 3, 1700)], urgent=True),
    _demand("n10", "london", 4, [("spice", 3, 1500)]),
    _demand("n11", "leipzig", 3, [("cloth", 3, 920), ("spice", 2, 1400)]),
    _demand("n12", "prag", 2, [("cloth", 2, 900)], urgent=True),
    _demand("n13", "mailand", 3, [("metal", 3, 1660)]),
    _demand("n14", "genua", 4, [("cloth", 3, 860), ("metal", 2, 1680)]),
    _demand("n15", "lyon", 3, [("spice", 2, 1460), ("cloth", 2, 880)]),
    _demand("n16", "wuerzburg", 2, [("spice", 2, 1380)]),
    _demand("n17", "augsburg", 3, [("cloth", 3, 840), ("spice", 2, 1400)]),
    _demand("n18", "nuernberg", 3, [("metal", 2, 1620), ("spice", 2, 1380)]),
    _demand("n19", "florenz", 3, [("metal", 3, 1700), ("cloth", 2, 820)]),
    _demand("n20", "regensburg", 2, [("cloth", 2, 860)], urgent=True),
    _demand("n21", "marseille", 4, [("metal", 2, 1720)]),
    _demand("n22", "osten", 5, [("cloth", 4, 960), ("spice", 2, 1500)]),
    _demand("n23", "spanien", 5, [("cloth", 3, 960)]),
    _demand("n24", "bremen", 3, [("metal", 2, 1660), ("cloth", 2, 870)]),
)

OFFERS = (
    _offer("a01", "antwerpen", 2, [("cloth", 4, 600)],
           why="rulebook: offer example 5 (4 bales of cloth, minimum 600); town and plus assumed"),
    _offer("a02", "venedig", 3, [("spice", 4, 1040)]),
    _offer("a03", "london", 4, [("cloth", 5, 620)]),
    _offer("a04", "sueditalien", 4, [("spice", 3, 1000)]),
    _offer("a05", "spanien", 5, [("metal", 3, 1260), ("spice", 2, 1040)]),
    _offer("a06", "osten", 4, [("metal", 4, 1300)]),
    _offer("a07", "leipzig", 3, [("metal", 3, 1340)], urgent=True),
    _offer("a08", "bruegge", 3, [("cloth", 4, 640)]),
    _offer("a09", "genua", 3, [("spice", 3, 1080), ("cloth", 2, 640)]),
    _offer("a10", "wien", 3, [("metal", 2, 1300), ("cloth", 2, 640)], urgent=True),
    _offer("a11", "marseille", 3, [("spice", 3, 1060)]),
)


def _market(id, town, demand, offer, why="assumed card: a trade fair town; prices around the averages of Tip 7"):
    return assumed(
        {"id": id, "kind": "market", "set": 1, "town": town, "plus": 0, "urgent": False, "reuse": True,
         "lines": [list(x) for x in demand], "offer_lines": [list(x) for x in offer]},
        why, id,
    )


MARKETS = (
    _market("m1", "frankfurt", [("spice", 3, 1460), ("cloth", 3, 900)], [("metal", 3, 1300), ("cloth", 3, 620)]),
    _market("m2", "leipzig", [("metal", 3, 1700), ("spice", 2, 1440)], [("cloth", 4, 600), ("spice", 2, 1040)]),
)


def _chance(id, effect, name, why, **extra):
    return assumed({"id": id, "kind": "chance", "set": 1, "effect": effect, "name": name, **extra}, why, id)


CHANCES = (
    _chance("e1", "robbers", "Räuber in Franken und Kurrhein",
            "rulebook: Räuber/Piraten; the named regions are assumed", areas=["Franken", "Kurrhein"]),
    _chance("e2", "robbers", "Räuber in Tirol, Piraten im Mittelmeer",
            "rulebook: Räuber/Piraten; the named regions are assumed", areas=["Tirol", "Mittelmeer"]),
    _chance("e3", "black_sheep", "Schwarzes Schaf", "rulebook: Schwarzes Schaf (a Trading Game card: assumed)"),
    _chance("e4", "boom", "Hochkonjunktur", "rulebook: Hochkonjunktur (a Trading Game card: assumed)"),
    _chance("e5", "lottery", "Lotterie", "rulebook: Lotterie (a Trading Game card: assumed)"),
    _chance("e6", "blockade", "Blockade des Mittelmeers",
            "rulebook: Blockade of the Mediterranean (a Trading Game card: assumed)", towns=["venedig", "sueditalien"]),
)

TRADING_DECK = rulebook(
    {"demand": 24, "offer": 11, "chance": 6, "market": 2}, "Sorting Cards: 24 demands, 11 offers, 6 chance, 2 markets",
    "TRADING_DECK",
)
TRADING_DEMANDS_USED = rulebook(8, "Sorting Cards: 8 of the Demand cards", "TRADING_DEMANDS_USED")
TRADING_OFFERS_USED = rulebook(
    {2: 8, 3: 7, 4: 6, 5: 5, 6: 4}, "Sorting Cards: offers by number of players", "TRADING_OFFERS_USED"
)

CARDS = {c["id"]: c for c in (*DEMANDS, *OFFERS, *MARKETS, *CHANCES)}


# === the Nobility, Country Estate and Full games ====================================
# Data of the Nobility, Country Estate and Full games: the nobility table, the
# cards marked 2 and 3, the country estates and the split of the cards into the
# game pack (Spielstapel, S) and the stock pack (Vorrat, V).
#
# The text gives the rules and the 4-player split; the table on "side 13"/"page
# 17" itself, the nobility table and the cards are pictures that were not found.
# Every value is marked ``rulebook`` or ``assumed`` like the rest of this file.
#
# Card counts that the text fixes (sets 1+2 for the Nobility Game, 1+2+3 for the
# Country Estate Game) and how they are met:
# - 24 demand cards carry a 1 (Trading Game); the Nobility Game counts 17 noble
#   demands and 20 normal demands in sets 1+2: so 4 of the 24 set-1 demands are
#   noble clients (``NOBLE_SET1``), 13 noble demands carry a 2, no normal demand
#   carries a 2. The Country Estate Game has 19 noble demands: 2 carry a 3.
# - offers: 11 with a 1, 20 in sets 1+2: 9 carry a 2 (none a 3).
# - chance: 6 with a 1, 14 in sets 1+2: 8 carry a 2; 17 in all (15 S + 2 V at
#   four players): 3 carry a 3.
# - markets: 2 with a 1, 5 in sets 1+2, 6 in all: 3 carry a 2, 1 a 3.
# - 6 country estates (set 3).


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


def _vcard(id, kind, set_, town, plus, lines, urgent=False, reuse=False, noble=False, why="assumed card", **extra):
    return assumed(
        {"id": id, "kind": kind, "set": set_, "town": town, "plus": plus, "urgent": urgent, "reuse": reuse,
         "noble": noble, "lines": [list(x) for x in lines], **extra},
        why, id,
    )


_NDWHY = "assumed card: a noble client; prices around Tip 7's averages"
NOBLE_DEMANDS = (
    _vcard("d01", "demand", 2, "wien", 3, [("spice", 2, 1520), ("cloth", 2, 900)], noble=True, why=_NDWHY),
    _vcard("d02", "demand", 2, "prag", 3, [("metal", 2, 1700)], noble=True, reuse=True, why=_NDWHY),
    _vcard("d03", "demand", 2, "regensburg", 2, [("cloth", 3, 880)], noble=True, why=_NDWHY),
    _vcard("d04", "demand", 2, "mailand", 3, [("spice", 2, 1500), ("metal", 1, 1700)], noble=True, reuse=True, why=_NDWHY),
    _vcard("d05", "demand", 2, "rom", 4, [("spice", 3, 1540)], noble=True, why=_NDWHY),
    _vcard("d06", "demand", 2, "koeln", 3, [("metal", 2, 1680), ("cloth", 2, 880)], noble=True, why=_NDWHY),
    _vcard("d07", "demand", 2, "innsbruck", 2, [("metal", 2, 1660)], noble=True, reuse=True, why=_NDWHY),
    _vcard("d08", "demand", 2, "paris", 4, [("cloth", 3, 920), ("spice", 2, 1500)], noble=True, why=_NDWHY),
    _vcard("d09", "demand", 2, "augsburg", 3, [("spice", 2, 1440)], noble=True, reuse=True, why=_NDWHY),
    _vcard("d10", "demand", 2, "nuernberg", 3, [("cloth", 3, 860)], noble=True, why=_NDWHY),
    _vcard("d11", "demand", 2, "florenz", 3, [("metal", 2, 1700)], noble=True, reuse=True, why=_NDWHY),
    _vcard("d12", "demand", 2, "leipzig", 3, [("spice", 2, 1480), ("metal", 2, 1680)], noble=True, why=_NDWHY),
    _vcard("d13", "demand", 2, "lyon", 4, [("cloth", 3, 900)], noble=True, urgent=True, why=_NDWHY),
    _vcard("d14", "demand", 3, "frankfurt", 3, [("metal", 2, 1700), ("spice", 2, 1480)], noble=True, reuse=True, why=_NDWHY),
    _vcard("d15", "demand", 3, "hamburg", 3, [("cloth", 3, 900)], noble=True, reuse=True, why=_NDWHY),
)

_OFWHY = "assumed card: prices around Tip 7's averages"
OFFERS2 = (
    _vcard("a12", "offer", 2, "antwerpen", 3, [("cloth", 4, 620)], why=_OFWHY),
    _vcard("a13", "offer", 2, "venedig", 3, [("spice", 3, 1020)], reuse=True, why=_OFWHY),
    _vcard("a14", "offer", 2, "osten", 4, [("metal", 3, 1280)], why=_OFWHY),
    _vcard("a15", "offer", 2, "london", 3, [("cloth", 4, 600)], reuse=True, why=_OFWHY),
    _vcard("a16", "offer", 2, "sueditalien", 4, [("spice", 3, 1000), ("cloth", 2, 620)], why=_OFWHY),
    _vcard("a17", "offer", 2, "prag", 3, [("metal", 2, 1300)], reuse=True, why=_OFWHY),
    _vcard("a18", "offer", 2, "bruegge", 3, [("cloth", 3, 620), ("spice", 2, 1060)], why=_OFWHY),
    _vcard("a19", "offer", 2, "genua", 3, [("spice", 3, 1040)], reuse=True, why=_OFWHY),
    _vcard("a20", "offer", 2, "leipzig", 2, [("metal", 2, 1320)], urgent=True, why=_OFWHY),
)


def _vmarket(id, set_, town, demand, offer):
    return assumed(
        {"id": id, "kind": "market", "set": set_, "town": town, "plus": 0, "urgent": False, "reuse": True,
         "noble": False, "lines": [list(x) for x in demand], "offer_lines": [list(x) for x in offer]},
        "assumed card: a trade fair town; prices around Tip 7's averages", id,
    )


MARKETS2 = (
    _vmarket("m3", 2, "nuernberg", [("metal", 2, 1680), ("cloth", 3, 880)], [("spice", 3, 1040)]),
    _vmarket("m4", 2, "antwerpen", [("spice", 3, 1480)], [("cloth", 4, 600), ("metal", 2, 1300)]),
    _vmarket("m5", 2, "venedig", [("metal", 3, 1720)], [("spice", 4, 1020)]),
    _vmarket("m6", 3, "lyon", [("cloth", 3, 900), ("spice", 2, 1460)], [("metal", 3, 1300)]),
)


def _vchance(id, set_, effect, name, why, **extra):
    return assumed({"id": id, "kind": "chance", "set": set_, "effect": effect, "name": name, **extra}, why, id)


CHANCES2 = (
    _vchance("e7", 2, "army", "Heeres Kosten", "rulebook: Heeres Kosten; set 2 assumed"),
    _vchance("e8", 2, "coronation", "Kaiser Krönung", "rulebook: Kaiser Krönung; set 2 assumed"),
    _vchance("e9", 2, "rechentrick", "Rechentrick", "rulebook: Rechentrick; set 2 assumed"),
    _vchance("e10", 2, "america", "Entdeckung Amerikas",
            "rulebook: America discovered, used as a purchase card in Spanien/Portugal; its wares and plus assumed",
            town="spanien", plus=3, urgent=False, reuse=False, noble=False,
            offer=[("metal", 3, 1240), ("spice", 3, 980)]),
    _vchance("e11", 2, "fuggerei", "Fuggerei und Kunstmäzen", "rulebook: Fuggerei und Kunst; set 2 assumed",
            region="Kurrhein"),
    _vchance("e12", 2, "corruption", "Korruption", "rulebook: Korruption; set 2 assumed"),
    _vchance("e13", 2, "robbers", "Räuber in Sachsen und Böhmen", "rulebook: Räuber; regions assumed",
            areas=["Sachsen", "Böhmen"]),
    _vchance("e14", 2, "robbers", "Piraten in Nordsee und Ostsee", "rulebook: Piraten; seas assumed",
            areas=["Nordsee", "Ostsee"]),
    _vchance("e15", 3, "robbers", "Räuber in Schwaben und Bayern", "rulebook: Räuber; regions and set 3 assumed",
            areas=["Schwaben", "Bayern"]),
    _vchance("e16", 3, "army", "Heeres Kosten (2)", "rulebook: Heeres Kosten; a second card in set 3 assumed"),
    _vchance("e17", 3, "lottery", "Lotterie (2)", "rulebook: Lotterie; a second card in set 3 assumed"),
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
ALL_CARDS = {**CARDS, **EXTRA_CARDS}

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
YEARS_LIMIT = assumed(
    20,
    "the text sets no limit, but the Full Game can stall when nobody else can ever pay for an estate (the first owner "
    "collects the taxes); after 20 calendar years (far beyond the 8 hours the text gives) the game ends and is ranked "
    "as at its normal end",
    "YEARS_LIMIT",
)
RENT_SPACE = rulebook(6, "Full Game: at the start of July the first owner receives rents", "RENT_SPACE")
FIRST_OWNER_INTEREST = rulebook(300, "Full Game: the first owner's debt notes pay 300 Fl. each", "FIRST_OWNER_INTEREST")
