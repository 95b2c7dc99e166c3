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
