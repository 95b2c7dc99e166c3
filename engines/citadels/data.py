"""Everything printed on the cards of Ohne Furcht und Adel (Citadels, 2000 base game).

Every value is marked: ``rulebook`` (the Italian translation in
shared/seeds/003_25bdc597cc7a717a.txt, with the section), ``source``
(shared/gamedata/citadels.json) or ``assumed`` (with the reason).
"""

from __future__ import annotations

from engines.base import assumed, rulebook, source

GAMEDATA = "shared/gamedata/citadels.json"

# --- the bank and the start --------------------------------------------------

BANK_GOLD = rulebook(30, "COMPONENTI DI GIOCO: 30 monete d'oro", name="BANK_GOLD")
START_GOLD = rulebook(2, "PREPARAZIONE DEL GIOCO: 2 monete d'oro", name="START_GOLD")
START_CARDS = rulebook(4, "PREPARAZIONE DEL GIOCO: 4 Carte Edificio", name="START_CARDS")
GOLD_TAKEN = rulebook(2, "TURNO DI UN PERSONAGGIO: prende 2 monete d'oro", name="GOLD_TAKEN")
CARDS_DRAWN = rulebook(2, "TURNO DI UN PERSONAGGIO: pesca 2 Carte Edificio ... tenere una", name="CARDS_DRAWN")

# --- characters ----------------------------------------------------------------
# rank -> (id, English name, German name, Italian name)

CHARACTERS = source(
    [
        (1, "assassin", "Assassin", "Meuchler", "Assassino"),
        (2, "thief", "Thief", "Dieb", "Ladro"),
        (3, "magician", "Magician", "Magier", "Mago"),
        (4, "king", "King", "König", "Re"),
        (5, "bishop", "Bishop", "Prediger", "Predicatore"),
        (6, "merchant", "Merchant", "Händler", "Mercante"),
        (7, "architect", "Architect", "Baumeister", "Costruttore"),
        (8, "warlord", "Warlord", "Söldner", "Mercenario"),
    ],
    GAMEDATA + " characters (rank, name_en, name_de); Italian names from LE CARTE PERSONAGGIO",
    name="CHARACTERS",
)
CHAR_IDS = [c[1] for c in CHARACTERS]
RANK = {c[1]: c[0] for c in CHARACTERS}
CHAR_BY_RANK = {c[0]: c[1] for c in CHARACTERS}
CHAR_EN = {c[1]: c[2] for c in CHARACTERS}
CHAR_DE = {c[1]: c[3] for c in CHARACTERS}
CHAR_IT = {c[1]: c[4] for c in CHARACTERS}

# character -> colour of the districts that give it income
INCOME_COLOUR = rulebook(
    {"king": "yellow", "bishop": "blue", "merchant": "green", "warlord": "red"},
    "LE CARTE EDIFICIO (Giallo: Re, Blu: Predicatore, Verde: Mercante, Rosso: Mercenario)",
    name="INCOME_COLOUR",
)
MERCHANT_BONUS = rulebook(1, "6. Händler: Riceve comunque 1 moneta d'oro", name="MERCHANT_BONUS")
ARCHITECT_CARDS = rulebook(2, "7. Baumeister: Pesca 2 Carte Edificio extra", name="ARCHITECT_CARDS")
ARCHITECT_BUILDS = rulebook(3, "7. Baumeister: Può giocare fino a 3 Carte Edificio", name="ARCHITECT_BUILDS")
DESTROY_DISCOUNT = rulebook(1, "8. Söldner: pagando 1 moneta d'oro in meno rispetto al suo costo", name="DESTROY_DISCOUNT")

# --- set-aside characters per player count: (face up, face down) ---------------

ASIDE = rulebook(
    {2: (0, 1), 3: (0, 1), 4: (2, 1), 5: (1, 1), 6: (0, 1), 7: (0, 1)},
    "INIZIO DEL TURNO DI GIOCO, table N° Giocatori / Carte Scoperte / Carte Coperte",
    name="ASIDE",
)

# --- districts -------------------------------------------------------------------
# id -> (English name, German name, colour, cost, count, points, provenance of the German name)

_D = "districts[] of " + GAMEDATA

DISTRICTS: dict[str, dict] = {}


def _district(did, en, de, colour, cost, count, points=None, de_basis="source", de_ref=""):
    DISTRICTS[did] = {
        "id": did,
        "en": source(en, _D, name=f"{did}.name_en"),
        "de": (source if de_basis == "source" else rulebook if de_basis == "rulebook" else assumed)(
            de, de_ref or _D, name=f"{did}.name_de"
        ),
        "colour": source(colour, _D, name=f"{did}.colour"),
        "cost": source(cost, _D, name=f"{did}.cost"),
        "count": source(count, _D, name=f"{did}.count"),
        "points": points if points is not None else cost,
    }


_NF = "German name not found in any source (gamedata name_de_status 'not found'); a plain German word for the English card name"

# green (20)
_district("tavern", "Tavern", "Taverne", "green", 1, 5, de_basis="assumed", de_ref=_NF)
_district("market", "Market", "Markt", "green", 2, 4)
_district("trading_post", "Trading Post", "Handelsposten", "green", 2, 3, de_basis="assumed",
          de_ref="gamedata pairs 'Kontor' with Trading Post, but the rulebook example 1 builds Kontor for 3 gold, "
          "so Kontor is the cost-3 green card (Docks); this cost-2 card keeps a plain German word")
_district("docks", "Docks", "Kontor", "green", 3, 3, de_basis="rulebook",
          de_ref="TRE ESEMPI SULLE ABILITA' 1: 'Kontor' (verde, costa 3 monete)")
_district("harbor", "Harbor", "Hafen", "green", 4, 3)
_district("town_hall", "Town Hall", "Rathaus", "green", 5, 2)
# blue (11)
_district("temple", "Temple", "Tempel", "blue", 1, 3)
_district("church", "Church", "Kirche", "blue", 2, 3)
_district("monastery", "Monastery", "Abtei", "blue", 3, 3)
_district("cathedral", "Cathedral", "Kathedrale", "blue", 5, 2)
# red (11)
_district("watchtower", "Watchtower", "Wachturm", "red", 1, 3)
_district("prison", "Prison", "Kerker", "red", 2, 3)
_district("battlefield", "Battlefield", "Schlachtfeld", "red", 3, 3, de_basis="assumed", de_ref=_NF)
_district("fortress", "Fortress", "Festung", "red", 5, 2)
# yellow (12)
_district("manor", "Manor", "Herrenhaus", "yellow", 3, 5, de_basis="assumed", de_ref=_NF)
_district("castle", "Castle", "Schloss", "yellow", 4, 4, de_basis="rulebook",
          de_ref="TRE ESEMPI SULLE ABILITA' 3: 'Schloss' paid with 4 gold (the same sentence's 'costa 3' is a misprint)")
_district("palace", "Palace", "Palast", "yellow", 5, 3)
# purple (11): German names from the card translation at the top of the rulebook text
_PURPLE = "TRADUZIONE CARTE EDIFICIO VIOLA"
_district("haunted_city", "Haunted City", "Geisterstadt", "purple", 2, 1, de_basis="rulebook", de_ref=_PURPLE)
_district("keep", "Keep", "Wehrturm", "purple", 3, 2, de_basis="rulebook", de_ref=_PURPLE)
_district("laboratory", "Laboratory", "Laboratorium", "purple", 5, 1, de_basis="rulebook", de_ref=_PURPLE)
_district("smithy", "Smithy", "Schmiede", "purple", 5, 1, de_basis="rulebook", de_ref=_PURPLE)
_district("observatory", "Observatory", "Sternwarte", "purple", 5, 1, de_basis="rulebook", de_ref=_PURPLE)
_district("graveyard", "Graveyard", "Friedhof", "purple", 5, 1, de_basis="rulebook", de_ref=_PURPLE)
_district("school_of_magic", "School of Magic", "Hexenschule", "purple", 6, 1, de_basis="rulebook", de_ref=_PURPLE)
_district("library", "Library", "Bibliothek", "purple", 6, 1, de_basis="rulebook", de_ref=_PURPLE)
_district("university", "University", "Universität", "purple", 6, 1,
          points=rulebook(8, "LE CARTE EDIFICIO: Universitaet vale 2 PV in più", name="university.points"),
          de_basis="rulebook", de_ref=_PURPLE)
_district("dragon_gate", "Dragon Gate", "Drachenhort", "purple", 6, 1,
          points=rulebook(8, "LE CARTE EDIFICIO: Drachenhort vale 2 PV in più", name="dragon_gate.points"),
          de_basis="rulebook", de_ref=_PURPLE)

# Italian names, so Italian players can write them: the purple ones from the
# rulebook's card translation; the others are not in any text the project has
_IT_PURPLE = rulebook(
    {"library": "Biblioteca", "dragon_gate": "Rifugio dei Draghi", "graveyard": "Cimitero", "haunted_city": "Città Fantasma",
     "school_of_magic": "Scuola di Magia", "laboratory": "Laboratorio", "smithy": "Forgia", "observatory": "Osservatorio",
     "university": "Università", "keep": "Torre di Guardia"},
    _PURPLE + " (the Italian name in brackets after each German one)",
    name="DISTRICT_IT purple",
)
_IT_COMMON = assumed(
    {"tavern": "Taverna", "market": "Mercato", "trading_post": "Emporio", "docks": "Molo", "harbor": "Porto",
     "town_hall": "Municipio", "temple": "Tempio", "church": "Chiesa", "monastery": "Monastero", "cathedral": "Cattedrale",
     "watchtower": "Torre di Vedetta", "prison": "Prigione", "battlefield": "Campo di Battaglia", "fortress": "Fortezza",
     "manor": "Maniero", "castle": "Castello", "palace": "Palazzo"},
    "the rulebook names only purple districts in Italian; plain Italian words for the English names, and "
    "'Torre di Vedetta' for the Watchtower because the rulebook gives 'Torre di Guardia' to the Keep",
    name="DISTRICT_IT common",
)
for _did, _it in {**_IT_PURPLE, **_IT_COMMON}.items():
    DISTRICTS[_did]["it"] = _it

DISTRICT_IDS = list(DISTRICTS)
COLOURS = rulebook(["yellow", "blue", "green", "red", "purple"], "LE CARTE EDIFICIO: cinque diversi colori", name="COLOURS")
TOTAL_DISTRICTS = rulebook(65, "COMPONENTI DI GIOCO: 65 Carte Edificio (20 verdi, 12 gialle, 11 rosse, 11 blu, 11 lilla)",
                           name="TOTAL_DISTRICTS")

# purple abilities: the rulebook's card translation wins over gamedata's English paraphrases
LABORATORY_GOLD = rulebook(1, _PURPLE + ": Laboratorium ... prendere in cambio 1 moneta d'oro", name="LABORATORY_GOLD")
SMITHY_PRICE = rulebook(3, _PURPLE + ": Schmiede ... pagare 3 monete d'oro", name="SMITHY_PRICE")
SMITHY_CARDS = rulebook(2, _PURPLE + ": Schmiede ... per pescare 2 Carte Edificio", name="SMITHY_CARDS")
OBSERVATORY_DRAW = rulebook(3, _PURPLE + ": Sternwarte ... può pescarne tre anziché due", name="OBSERVATORY_DRAW")
GRAVEYARD_PRICE = rulebook(1, _PURPLE + ": Friedhof ... pagare 1 moneta d'oro", name="GRAVEYARD_PRICE")

# scoring
ALL_COLOURS_BONUS = rulebook(3, "FINE DEL GIOCO: +3 PV ... tutti e cinque i colori", name="ALL_COLOURS_BONUS")
FIRST_COMPLETE_BONUS = rulebook(4, "FINE DEL GIOCO: +4 PV ... per primo ... l'ottava Carta Edificio", name="FIRST_COMPLETE_BONUS")
OTHER_COMPLETE_BONUS = rulebook(2, "FINE DEL GIOCO: +2 PV per ogni altro giocatore che abbia 8", name="OTHER_COMPLETE_BONUS")
CITY_SIZES = rulebook([8, 7], "OBIETTIVO DEL GIOCO: ... termine alla costruzione del settimo edificio", name="CITY_SIZES")


def _check() -> None:
    counts: dict[str, int] = {}
    for d in DISTRICTS.values():
        counts[d["colour"]] = counts.get(d["colour"], 0) + d["count"]
    assert counts == {"green": 20, "yellow": 12, "blue": 11, "red": 11, "purple": 11}, counts
    assert sum(counts.values()) == TOTAL_DISTRICTS
    assert all("it" in d for d in DISTRICTS.values())


_check()


def full_deck() -> list[str]:
    """All 65 district cards, by id, in a fixed order."""
    return [did for did, d in DISTRICTS.items() for _ in range(d["count"])]
