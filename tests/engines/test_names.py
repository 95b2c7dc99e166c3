from engines.i18n import COMMON, LANGUAGES
from engines.names import seat_names_in


def test_each_engines_way_of_writing_a_seat_becomes_its_name():
    names = ["anna", "Bot 2", "carl"]
    assert seat_names_in("P2 bids 3 for Louise; P1 passes.", names) == "Bot 2 bids 3 for Louise; anna passes."
    assert seat_names_in("Player 3 pays 200 to player 1.", names) == "carl pays 200 to anna."
    assert seat_names_in("seat 1 chooses a character", names) == "anna chooses a character"


def test_numbers_that_are_not_seats_stay():
    names = ["anna", "bert"]
    assert seat_names_in("P7 is no seat here; office 2, PV 3, P12", names) == "P7 is no seat here; office 2, PV 3, P12"
    assert seat_names_in("anything", None) == "anything"


def test_a_seat_in_the_labels_of_every_language_becomes_its_name():
    names = ["anna", "bruno", "chloé"]
    assert seat_names_in("Das schwarze Schaf an Spieler 2 weitergeben", names) == "Das schwarze Schaf an bruno weitergeben"
    assert seat_names_in("Pagare il diritto di passaggio a Giocatore 3", names) == "Pagare il diritto di passaggio a chloé"
    assert seat_names_in("Échanger sa main avec Joueur 1", names) == "Échanger sa main avec anna"
    assert seat_names_in("Spieler 9 und Giocatore 12", names) == "Spieler 9 und Giocatore 12"


def test_the_history_short_form_of_every_language_becomes_its_name():
    # the shared catalog's "player" in each language: what the history events write
    names = ["anna", "bruno", "chloé"]
    assert seat_names_in("S2 bietet 3 für Maria; S1 passt.", names) == "bruno bietet 3 für Maria; anna passt."
    assert seat_names_in("G3 offre 2 pagherò", names) == "chloé offre 2 pagherò"
    assert seat_names_in("J1 tient", names) == "anna tient"
    assert seat_names_in("S12, G9 e J0 restano", names) == "S12, G9 e J0 restano"


def test_an_engines_own_word_for_a_seat_only_in_that_engines_texts():
    names = ["anna", "bruno", "chloé"]
    # Citadels' "seat" in every language
    assert seat_names_in("Platz 2 wählt eine Figur", names, "citadels") == "bruno wählt eine Figur"
    assert seat_names_in("il posto 3 sceglie", names, "citadels") == "il chloé sceglie"
    assert seat_names_in("la place 1 choisit", names, "citadels") == "la anna choisit"
    # in Staufer "place 2" is a slot of an office, not a player
    text = "Garder votre figure dans Pise, place 2"
    assert seat_names_in(text, names, "staufer") == text
    assert seat_names_in(text, names) == text


def test_every_language_of_the_shared_catalog_is_named():
    # the forms come from the catalogs: each language's "player" and "player_long" is found
    names = ["anna", "bruno"]
    for lang in LANGUAGES:
        for key in ("player", "player_long"):
            written = COMMON.text(lang, key, number=2)
            assert seat_names_in(f"{written} …", names) == "bruno …", (lang, key)


def test_a_one_letter_form_only_as_written():
    assert seat_names_in("add `from p2`, s1 or g3", ["anna", "bruno", "chloé"]) == "add `from p2`, s1 or g3"


def test_an_engine_without_a_catalog_of_its_own_takes_the_shared_forms():
    assert seat_names_in("S1 and seat 2", ["anna", "bruno"], "sealedbid") == "anna and bruno"
