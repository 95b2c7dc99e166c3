"""Every worked example of the rulebook (002, Italian), number for number."""

from engines.staufer import ENGINE, rules
from engines.staufer.rules import Ctx

from .helpers import BEATRICE, GIORGIO, ROBERTO, VERONICA, act, board, give_chest, occupy, put_chest, set_court, turn_of


def test_turn_order_example_snake():
    # 'Roberto è il primo giocatore... Veronica e Beatrice sono i giocatori successivi.
    #  Giorgio infine effettua 2 turni di seguito. Adesso è di nuovo il turno di Beatrice'
    s = ENGINE.setup(4, 7)
    assert s["order"] == [ROBERTO, VERONICA, BEATRICE, GIORGIO, GIORGIO, BEATRICE, VERONICA, ROBERTO,
                          GIORGIO, BEATRICE, VERONICA, ROBERTO]
    assert s["court"] == [[4, 1]] * 4 and s["province"] == [[11, 2]] * 4


def test_beatrice_resource_action_two_envoys_and_orange_chest():
    # Beatrice moves to the resource track below the family members there, takes the
    # space with 2 envoys and the orange chest under it.
    s = board()
    turn_of(s, BEATRICE)
    s["order"].remove(ROBERTO); s["order"].remove(VERONICA)
    s["res_track"] = [ROBERTO, VERONICA]
    put_chest(s, s["res_chests"][2], "orange-vp3")
    s = act(s, BEATRICE, {"type": "resources", "space": 3})
    assert s["res_track"] == [ROBERTO, VERONICA, BEATRICE]
    assert s["court"][BEATRICE] == [6, 1]
    assert s["score"][BEATRICE] == 3
    assert s["res_chests"][2] == [] and "orange-vp3" in s["discard"]


def test_giorgio_takes_the_envoy_of_the_lowest_placement_space_and_places_in_aachen():
    # King in Nijmegen; Aachen is 3 regions away: one figure in each of the two regions
    # passed and in Aachen; the office is worth 5: one figure on it and one in each of
    # the next 4 regions clockwise; he takes the chest under the office.
    s = board()
    turn_of(s, GIORGIO)
    set_court(s, GIORGIO, 7, 0)
    put_chest(s, s["offices"]["aachen"][1]["chests"], "brown")
    assert s["offices"]["aachen"][1]["value"] == 5
    s = act(s, GIORGIO, {"type": "place", "region": "aachen", "office": 2, "figure": "envoy"})
    assert s["place_track"] == [GIORGIO]
    pay = {r: s["payment"][r][GIORGIO] for r in s["regions"]}
    # movement: strasbourg (1), palermo (2), aachen (3); placement: milan, augsburg, nijmegen, strasbourg
    assert pay == {"strasbourg": [2, 0], "palermo": [1, 0], "aachen": [1, 0], "milan": [1, 0],
                   "augsburg": [1, 0], "nijmegen": [1, 0]}
    assert s["offices"]["aachen"][1]["occ"] == [[GIORGIO, "envoy"]]
    assert s["court"][GIORGIO] == [0, 0]  # 7 + 1 from the track - 8 paid
    assert s["held"][GIORGIO] == {"brown": 1}


def test_giorgio_cannot_place_without_the_full_payment():
    s = board()
    turn_of(s, GIORGIO)
    set_court(s, GIORGIO, 6, 0)
    import pytest
    from engines.base import IllegalAction
    with pytest.raises(IllegalAction, match="costs 8 figures"):
        ENGINE.validate(s, GIORGIO, {"type": "place", "region": "aachen", "office": 2, "figure": "envoy"})


def test_roberto_movement_and_placement_on_the_noble_office_of_palermo():
    # King in Nijmegen; the office is 2 regions away: figures in Strasbourg (1) and
    # Palermo (2); the office is worth 6 and shows a noble: a noble on it (3) and one
    # figure in each of the next 5 regions (4-8); he takes the purple chest (9).
    s = board()
    turn_of(s, ROBERTO)
    s["place_track"] = [VERONICA, BEATRICE, GIORGIO]  # the envoy spaces are taken
    for seat in (VERONICA, BEATRICE, GIORGIO):
        s["order"].remove(seat)
    set_court(s, ROBERTO, 7, 1)
    o = s["offices"]["palermo"][0]
    assert (o["value"], o["noble"]) == (6, True)
    put_chest(s, o["chests"], "purple")
    s = act(s, ROBERTO, {"type": "place", "region": "palermo", "office": 1, "figure": "noble"})
    pay = {r: s["payment"][r][ROBERTO] for r in s["regions"]}
    assert pay == {"strasbourg": [2, 0], "palermo": [1, 0], "aachen": [1, 0], "milan": [1, 0],
                   "augsburg": [1, 0], "nijmegen": [1, 0]}
    assert o["occ"] == [] and s["offices"]["palermo"][0]["occ"] == [[ROBERTO, "noble"]]
    assert s["court"][ROBERTO] == [0, 0]
    assert s["held"][ROBERTO] == {"purple": 1}
    assert s["place_track"] == [VERONICA, BEATRICE, GIORGIO, ROBERTO]


def test_roberto_needs_a_noble_for_the_noble_office():
    import pytest
    from engines.base import IllegalAction
    s = board()
    turn_of(s, ROBERTO)
    set_court(s, ROBERTO, 9, 0)
    with pytest.raises(IllegalAction, match="only a noble"):
        ENGINE.validate(s, ROBERTO, {"type": "place", "region": "palermo", "office": 1, "figure": "envoy"})
    with pytest.raises(IllegalAction, match="no noble"):
        ENGINE.validate(s, ROBERTO, {"type": "place", "region": "palermo", "office": 1, "figure": "noble"})


def test_majority_example_beatrice_two_offices_roberto_one():
    s = board()
    occupy(s, BEATRICE, "milan", 2)
    occupy(s, BEATRICE, "milan", 4)
    occupy(s, ROBERTO, "milan", 3)
    assert rules.ranking(s, "milan") == [BEATRICE, ROBERTO]


def _strasbourg_majority():
    s = board()
    s["tiles"]["strasbourg"] = [7, 4, 1]
    occupy(s, GIORGIO, "strasbourg", 1)
    occupy(s, GIORGIO, "strasbourg", 4)
    occupy(s, VERONICA, "strasbourg", 2, "noble")  # counts double
    occupy(s, ROBERTO, "strasbourg", 3)
    return s


def test_majority_example_tie_to_the_leftmost_office_and_points_7_4_1():
    s = _strasbourg_majority()
    assert rules.ranking(s, "strasbourg") == [GIORGIO, VERONICA, ROBERTO]
    ctx = Ctx(s)
    courts = [list(c) for c in s["court"]]
    rules.score_region(ctx, "strasbourg")
    assert s["score"] == [1, 4, 0, 7]
    # Strasbourg bonus: 2 envoys to Giorgio, 1 to Veronica, nothing to Roberto (3rd)
    assert s["court"][GIORGIO][0] - courts[GIORGIO][0] == 2
    assert s["court"][VERONICA][0] - courts[VERONICA][0] == 1
    assert s["court"][ROBERTO] == courts[ROBERTO]
    assert s["court"][BEATRICE] == courts[BEATRICE]


def test_majority_example_through_the_round_end_of_the_engine():
    s = _strasbourg_majority()
    s["rows"]["A"][0] = "strasbourg"
    s["rows"]["B"][0] = "king"  # Nijmegen: nobody there, scores nothing
    s["rows"]["C"][0] = 1
    s["order"] = [ROBERTO]
    s["res_track"] = [0, 1, 1, 1, 2, 2]
    s["place_track"] = [2, 3, 3, 3, 0]
    s = act(s, ROBERTO, {"type": "resources", "space": 5})
    assert s["score"] == [1, 4, 0, 7]
    assert s["round"] == 2
    assert all(not o["occ"] for o in s["offices"]["strasbourg"])
    # next order: the resource track top down, then the placement track from the top
    assert s["order"] == [0, 1, 1, 1, 2, 2, 0, 0, 3, 3, 3, 2]


def test_third_place_scores_only_with_four_or_five_players():
    s2 = board(players=3)
    s2["tiles"]["palermo"] = [7, 4, 1]
    occupy(s2, 0, "palermo", 1, "noble")
    occupy(s2, 1, "palermo", 2)
    occupy(s2, 2, "palermo", 3)
    rules.score_region(Ctx(s2), "palermo")
    # 7 + 3 (Palermo bonus) / 4 + 1 (bonus) / 3rd nothing with 3 players
    assert s2["score"] == [10, 5, 0]


def test_restoration_example_king_travels_three_regions():
    # The offices of the scored region go back to the province; the king moves 3 regions
    # clockwise and the payment areas of the 3 regions he visits go back to the courts;
    # the area of the region he leaves stays.
    s = board()
    for r in s["regions"]:
        for seat in range(4):
            s["province"][seat][0] -= 1
            s["payment"][r][seat][0] += 1
    occupy(s, ROBERTO, "palermo", 2)
    occupy(s, GIORGIO, "palermo", 3)
    occupy(s, VERONICA, "palermo", 1, "noble")
    s["scored"] = ["palermo"]
    s["rows"]["C"][0] = 3
    before_court = [list(c) for c in s["court"]]
    before_prov = [list(p) for p in s["province"]]
    rules.restore(Ctx(s))
    assert s["king"] == "aachen"
    for r in ("strasbourg", "palermo", "aachen"):
        assert s["payment"][r] == [[0, 0]] * 4
    for r in ("nijmegen", "milan", "augsburg"):
        assert s["payment"][r] == [[1, 0]] * 4
    assert [c[0] - b[0] for c, b in zip(s["court"], before_court)] == [3, 3, 3, 3]
    assert [p[0] - b[0] for p, b in zip(s["province"], before_prov)] == [1, 0, 0, 1]
    assert s["province"][VERONICA][1] - before_prov[VERONICA][1] == 1
    assert all(len(o["chests"]) == 1 for o in s["offices"]["palermo"])
    assert all(len(c) == 1 for c in s["res_chests"])


def test_roberto_objectives_6_plus_14_plus_12():
    s = board()
    s["objectives"][ROBERTO] = {"region": "augsburg", "path": "adjacent3", "office": "value4"}
    # Augsburg: Giorgio 2 offices, Roberto 1 -> Roberto 2nd: 6 VP
    occupy(s, GIORGIO, "augsburg", 1)
    occupy(s, GIORGIO, "augsburg", 3)
    occupy(s, ROBERTO, "augsburg", 4)   # worth 4
    # path (3 adjacent regions, 7 VP) twice: A = palermo, aachen, milan; B = milan, augsburg, nijmegen
    # Milan needs 2 figures; the figure in Strasbourg is of no use.
    occupy(s, ROBERTO, "palermo", 3)   # worth 4
    occupy(s, ROBERTO, "aachen", 3)    # worth 4
    occupy(s, ROBERTO, "milan", 2)     # worth 5
    occupy(s, ROBERTO, "milan", 3)     # worth 5
    occupy(s, ROBERTO, "nijmegen", 5)  # worth 2
    occupy(s, ROBERTO, "strasbourg", 5)
    assert rules.region_objective_points(s, ROBERTO, "augsburg") == 6
    assert rules.path_points(s, ROBERTO, "adjacent3") == (14, 2)
    assert rules.office_card_points("value4", rules.office_values(s, ROBERTO)) == 12
    ctx = Ctx(s)
    rules.final_scoring(ctx)
    d = s["final"][ROBERTO]
    assert (d["region"], d["path"], d["office"]) == (6, 14, 12)
    assert d["region"] + d["path"] + d["office"] == 32


def test_roberto_seven_brown_chests_25_and_28_with_the_others():
    assert rules.brown_points(7) == 25
    assert [rules.brown_points(n) for n in range(1, 6)] == [2, 5, 9, 14, 20]
    assert rules.brown_points(3) == 9
    s = board()
    s["objectives"][ROBERTO] = {"region": "augsburg", "path": "adjacent3", "office": "value4"}
    give_chest(s, ROBERTO, "brown", 7)
    give_chest(s, ROBERTO, "turquoise-move", 2)
    give_chest(s, ROBERTO, "purple", 1)
    rules.final_scoring(Ctx(s))
    d = s["final"][ROBERTO]
    assert (d["brown"], d["chests"]) == (25, 3)
    assert d["brown"] + d["chests"] == 28
    assert s["score"][ROBERTO] == 28


def test_veronica_three_pairs_24():
    assert rules.office_card_points("pairs", [4, 4, 4, 4, 7, 7]) == 24


def test_beatrice_two_sequences_30():
    assert rules.office_card_points("sequence", [3, 3, 4, 4, 5, 5]) == 30
