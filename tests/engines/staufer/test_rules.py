"""Each rule, chest, privilege, bonus and round tile."""

import itertools

import pytest

from engines.base import IllegalAction
from engines.rng import Rng
from engines.staufer import ENGINE, rules
from engines.staufer import data as D
from engines.staufer.rules import Ctx

from . import invariants
from .helpers import act, board, give_chest, occupy, put_chest, set_court, turn_of

P0, P1, P2, P3 = 0, 1, 2, 3


def placed_payments(s, seat):
    return {r: s["payment"][r][seat] for r in s["regions"] if s["payment"][r][seat] != [0, 0]}


def ready(seat=P0, players=4, envoys=10, nobles=1, privileges=(), no_track_envoy=True):
    s = board(players=players)
    turn_of(s, seat)
    if no_track_envoy:  # fill the envoy spaces of the placement track
        k = D.PLACEMENT_ENVOY_SPACES[players]
        others = [x for x in s["order"][1:] if x != seat][:k]
        for x in others:
            s["order"].remove(x)
        s["place_track"] = others
    set_court(s, seat, envoys, nobles)
    s["privileges"][seat] = sorted(privileges)
    return s


# --- setup and options -----------------------------------------------------------


def test_setup_board_and_components():
    for n in range(2, 6):
        s = ENGINE.setup(n, 3)
        assert sorted(s["regions"]) == sorted(D.REGIONS)
        offices = rules.office_table(n)
        assert all(len(s["offices"][r]) == len(offices[r]) for r in D.REGIONS)
        assert all(len(o["chests"]) == 1 for r in D.REGIONS for o in s["offices"][r])
        assert all(len(c) == 1 for c in s["res_chests"])
        assert len(s["rows"]["A"]) == 5 and len(s["rows"]["B"]) == 5 and len(s["rows"]["C"]) == 4
        assert s["king"] not in s["rows"]["A"]
        assert s["vp_stack"] == list(D.VP_PRIVILEGE_VALUES[: {2: 2, 3: 3, 4: 4, 5: 5}[n]])
        copies = 1 if n == 2 else 2
        assert s["priv_supply"] == {str(p): copies for p in D.FIRST_GAME_SET if p != 1}
        for o in s["objectives"]:
            assert o["region"] in D.REGIONS and o["path"] in D.PATH_CARDS and o["office"] in D.OFFICE_CARDS
        assert len(s["order"]) == 3 * n
    assert [len(v) for v in rules.office_table(3).values()] == [4] * 6
    assert [len(v) for v in rules.office_table(4).values()] == [5] * 6
    assert [len(v) for v in rules.office_table(5).values()] == [6] * 6
    assert sum(D.CHEST_MIX.values()) == 72
    for colour, count in D.CHEST_COUNTS.items():
        assert sum(c for k, c in D.CHEST_MIX.items() if k.startswith(colour)) == count


@pytest.mark.parametrize("name, expected", [
    ("first_game", [1, 4, 7, 10, 13, 15]), ("alternative", [1, 2, 5, 8, 11, 14]),
    ("synergies", [1, 3, 5, 8, 10, 16]), ("raining_points", [1, 2, 6, 9, 13, 16]),
    ("quantity", [1, 3, 4, 7, 8, 12]),
])
def test_named_privilege_sets(name, expected):
    s = ENGINE.setup(3, 1, {"privileges": name})
    assert s["privilege_set"] == expected
    assert sorted(int(p) for p in s["priv_supply"]) == expected[1:]


def test_random_and_custom_privilege_sets():
    sets = {tuple(ENGINE.setup(3, seed, {"privileges": "random"})["privilege_set"]) for seed in range(20)}
    assert len(sets) > 5
    for ps in sets:
        assert ps[:2] == (1, 2) and len(set(ps)) == 6
    s = ENGINE.setup(4, 1, {"privileges": "custom", "custom_privileges": [16, 3, 2, 9, 11, 12]})
    assert s["privilege_set"] == [2, 3, 9, 11, 12, 16] and s["vp_stack"] == []
    with pytest.raises(ValueError):
        ENGINE.setup(4, 1, {"privileges": "custom", "custom_privileges": [1, 1, 2, 3, 4, 5]})


# --- resource action -----------------------------------------------------------------


def test_resource_spaces_give_their_figures_and_every_chest_under_them():
    for space, (e, n) in enumerate(D.RESOURCE_SPACES, 1):
        s = ready(envoys=0, nobles=0)
        put_chest(s, s["res_chests"][space - 1], "brown")
        put_chest(s, s["res_chests"][space - 1], "brown")
        s = act(s, P0, {"type": "resources", "space": space})
        assert s["court"][P0] == [e, n]
        assert s["held"][P0] == {"brown": 2}
        assert s["res_track"] == [P0]


def test_figures_come_from_the_payment_areas_when_the_province_is_empty():
    s = ready(envoys=0, nobles=0)
    s["province"][P0] = [0, 0]
    s["payment"]["milan"][P0] = [12, 0]
    s["payment"]["palermo"][P0] = [3, 3]
    s = act(s, P0, {"type": "resources", "space": 1})
    assert s["court"][P0] == [1, 1]
    # the king is in Nijmegen: the areas he reaches last are emptied first (Augsburg, Milan, ...)
    assert s["payment"]["milan"][P0] == [11, 0] and s["payment"]["palermo"][P0] == [3, 2]


def test_an_envoy_instead_of_a_missing_noble():
    s = ready(envoys=0, nobles=0)
    s["province"][P0] = [15, 0]
    s["court"][P0] = [0, 0]
    s["offices"]["milan"][0]["occ"] = [[P0, "noble"]]
    s["offices"]["palermo"][0]["occ"] = [[P0, "noble"]]
    s["offices"]["aachen"][0]["occ"] = [[P0, "noble"]]
    s = act(s, P0, {"type": "resources", "space": 2})
    assert s["court"][P0] == [1, 0]


# --- movement and placement ------------------------------------------------------


def test_placement_in_the_kings_region_has_no_movement_cost():
    s = ready()
    s = act(s, P0, {"type": "place", "region": "nijmegen", "office": 3, "figure": "envoy"})  # worth 4
    assert placed_payments(s, P0) == {"strasbourg": [1, 0], "palermo": [1, 0], "aachen": [1, 0]}
    assert s["court"][P0] == [6, 1]


def test_payment_with_nobles_only_when_envoys_run_out():
    s = ready(envoys=2, nobles=3)
    s = act(s, P0, {"type": "place", "region": "nijmegen", "office": 3, "figure": "envoy"})
    assert placed_payments(s, P0) == {"strasbourg": [1, 0], "palermo": [0, 1], "aachen": [0, 1]}
    assert s["court"][P0] == [0, 1]


def test_worst_case_movement_uses_five_figures():
    s = ready()
    s = act(s, P0, {"type": "place", "region": "augsburg", "office": 5, "figure": "envoy"})  # worth 2
    assert placed_payments(s, P0) == {"strasbourg": [1, 0], "palermo": [1, 0], "aachen": [1, 0],
                                       "milan": [1, 0], "augsburg": [1, 0], "nijmegen": [1, 0]}


def test_a_noble_may_occupy_any_office_and_counts_double():
    s = ready()
    s = act(s, P0, {"type": "place", "region": "nijmegen", "office": 5, "figure": "noble"})
    assert s["offices"]["nijmegen"][4]["occ"] == [[P0, "noble"]]
    occupy(s, P1, "nijmegen", 2)
    occupy(s, P1, "nijmegen", 3)
    # 2 v 2: P1 holds the more left office
    assert rules.ranking(s, "nijmegen") == [P1, P0]


def test_the_track_envoy_can_pay_for_the_same_action():
    s = ready(envoys=1, nobles=0, no_track_envoy=False)
    with pytest.raises(IllegalAction):  # costs 3 with 1 + 1 from the track
        ENGINE.validate(s, P0, {"type": "place", "region": "nijmegen", "office": 4, "figure": "envoy"})
    s = act(s, P0, {"type": "place", "region": "nijmegen", "office": 5, "figure": "envoy"})  # worth 2
    assert s["court"][P0] == [0, 0]


def test_occupied_office_refused_without_privilege_2():
    s = ready()
    occupy(s, P1, "nijmegen", 2)
    with pytest.raises(IllegalAction, match="occupied"):
        ENGINE.validate(s, P0, {"type": "place", "region": "nijmegen", "office": 2, "figure": "envoy"})


def test_several_chests_under_one_office_are_all_taken():
    s = ready()
    o = s["offices"]["nijmegen"][4]["chests"]
    put_chest(s, o, "brown")
    put_chest(s, o, "turquoise-move")
    put_chest(s, o, "orange-vp4")
    s = act(s, P0, {"type": "place", "region": "nijmegen", "office": 5, "figure": "envoy"})
    assert s["held"][P0] == {"brown": 1, "turquoise-move": 1}
    assert s["score"][P0] == 4


# --- chests -------------------------------------------------------------------------


@pytest.mark.parametrize("chest, points, court", [
    ("orange-vp2", 2, [0, 0]), ("orange-vp3", 3, [0, 0]), ("orange-vp4", 4, [0, 0]), ("orange-vp5", 5, [0, 0]),
    ("orange-envoy1", 0, [1, 0]), ("orange-envoy2", 0, [2, 0]), ("orange-envoy3", 0, [3, 0]),
    ("orange-noble", 0, [0, 1]),
])
def test_orange_chests_are_used_at_once(chest, points, court):
    s = ready(envoys=0, nobles=0)
    put_chest(s, s["res_chests"][4], chest)
    s = act(s, P0, {"type": "resources", "space": 5})
    assert s["score"][P0] == points and s["court"][P0] == court
    assert s["held"][P0] == {} and chest in s["discard"]


def test_privilege_16_two_points_per_orange_chest():
    s = ready(envoys=0, nobles=0, privileges=[16])
    put_chest(s, s["res_chests"][4], "orange-envoy1")
    put_chest(s, s["res_chests"][4], "orange-vp3")
    s = act(s, P0, {"type": "resources", "space": 5})
    assert s["score"][P0] == 2 + 2 + 3


def test_orange_first_space_chest_puts_the_family_member_on_top_and_allows_a_placement():
    s = ready()
    s["res_track"] = [P1, P2]
    s["order"].remove(P1); s["order"].remove(P2)
    give_chest(s, P0, "orange-first")
    s = act(s, P0, {"type": "chest", "chest": "orange-first"})
    assert s["order"][0] == P0 and s["turn"]["armed"] == ["orange-first"]
    before = list(s["court"][P0])
    s = act(s, P0, {"type": "place", "region": "nijmegen", "office": 5, "figure": "envoy"})
    assert s["res_track"] == [P0, P1, P2]
    assert P0 not in s["place_track"]
    assert s["court"][P0] == [before[0] - 2, before[1]]  # no envoy from the placement track
    assert "orange-first" not in s["held"][P0] and "orange-first" in s["discard"]


def test_orange_first_space_chest_is_kept_when_taken():
    s = ready()
    put_chest(s, s["res_chests"][4], "orange-first")
    s = act(s, P0, {"type": "resources", "space": 5})
    assert s["held"][P0] == {"orange-first": 1}


def test_turquoise_resources_chest_takes_the_chests_of_another_space():
    # Beatrice takes 1 envoy and 1 noble, and the purple chest of another space
    # instead of the brown one under hers.
    s = ready(envoys=0, nobles=0)
    give_chest(s, P0, "turquoise-resources")
    put_chest(s, s["res_chests"][0], "brown")
    put_chest(s, s["res_chests"][3], "purple")
    with pytest.raises(IllegalAction, match="different"):
        ENGINE.validate(s, P0, {"type": "resources_swap", "space": 1, "chests": 1})
    with pytest.raises(IllegalAction, match="no chest under resource space 3"):
        ENGINE.validate(s, P0, {"type": "resources_swap", "space": 1, "chests": 3})
    s = act(s, P0, {"type": "resources_swap", "space": 1, "chests": 4})
    assert s["court"][P0] == [1, 1]
    assert s["held"][P0] == {"purple": 1}
    assert s["res_chests"][0] == ["brown"]


def test_turquoise_movement_chest_makes_the_movement_free():
    s = ready()
    give_chest(s, P0, "turquoise-move")
    s = act(s, P0, {"type": "chest", "chest": "turquoise-move"})
    s = act(s, P0, {"type": "place", "region": "aachen", "office": 5, "figure": "envoy"})  # worth 2
    assert placed_payments(s, P0) == {"milan": [1, 0]}
    assert s["held"][P0] == {}


def test_turquoise_movement_chest_is_kept_when_it_saves_nothing():
    s = ready()
    give_chest(s, P0, "turquoise-move")
    s = act(s, P0, {"type": "chest", "chest": "turquoise-move"})
    s = act(s, P0, {"type": "place", "region": "nijmegen", "office": 5, "figure": "envoy"})
    assert s["held"][P0] == {"turquoise-move": 1} and s["turn"]["armed"] == []


def test_turquoise_placement_chest_and_both_together_a_single_figure():
    s = ready()
    give_chest(s, P0, "turquoise-place")
    s = act(s, P0, {"type": "chest", "chest": "turquoise-place"})
    s = act(s, P0, {"type": "place", "region": "palermo", "office": 2, "figure": "envoy"})  # worth 5
    assert placed_payments(s, P0) == {"strasbourg": [1, 0], "palermo": [1, 0]}
    s = ready()
    give_chest(s, P0, "turquoise-place")
    give_chest(s, P0, "turquoise-move")
    s = act(s, P0, {"type": "chest", "chest": "turquoise-place"})
    s = act(s, P0, {"type": "chest", "chest": "turquoise-move"})
    s = act(s, P0, {"type": "place", "region": "augsburg", "office": 1, "figure": "envoy"})  # worth 7
    assert placed_payments(s, P0) == {}
    assert s["court"][P0] == [9, 1] and s["held"][P0] == {}


def test_armed_chests_stay_with_the_player_after_a_resource_action():
    s = ready()
    give_chest(s, P0, "turquoise-place")
    s = act(s, P0, {"type": "chest", "chest": "turquoise-place"})
    s = act(s, P0, {"type": "resources", "space": 5})
    assert s["held"][P0] == {"turquoise-place": 1}
    with pytest.raises(IllegalAction):
        ENGINE.validate(s, P0, {"type": "chest", "chest": "turquoise-place"})


def _round_end(s, scored, immune_seat=None):
    """Runs the end of round 1 with ``scored`` as the marked region and the king's
    region scored too; returns the state when a decision or the next round comes."""
    s["rows"]["A"][0] = scored
    s["rows"]["B"][0] = "king"
    s["rows"]["C"][0] = 1
    last = s["order"][-1]
    s["res_track"] += [x for x in s["order"][:-1]]
    s["order"] = [last]
    return act(s, last, {"type": "resources", "space": 5})


def test_turquoise_immunity_chest_keeps_a_figure_through_restoration():
    s = board()
    occupy(s, P1, "palermo", 1, "noble")
    occupy(s, P1, "palermo", 3)
    give_chest(s, P1, "turquoise-immunity")
    s = _round_end(s, "palermo")
    assert ENGINE.decisions(s)[0]["kind"] == "immunity" and ENGINE.decisions(s)[0]["seat"] == P1
    with pytest.raises(IllegalAction):
        ENGINE.validate(s, P1, {"type": "immune", "region": "palermo", "office": 2, "slot": 1})
    s = act(s, P1, {"type": "immune", "region": "palermo", "office": 1, "slot": 1})
    assert s["round"] == 2
    assert s["offices"]["palermo"][0]["occ"] == [[P1, "noble"]]
    assert s["offices"]["palermo"][2]["occ"] == []
    assert len(s["offices"]["palermo"][0]["chests"]) == 1  # a new chest is still put under it


def test_brown_and_purple_are_kept():
    s = ready()
    put_chest(s, s["res_chests"][4], "brown")
    put_chest(s, s["res_chests"][4], "purple")
    s = act(s, P0, {"type": "resources", "space": 5})
    assert s["held"][P0] == {"brown": 1, "purple": 1}
    assert s["pending"] == []  # one purple: no exchange offered


def test_two_purple_chests_for_a_privilege_never_a_duplicate_and_one_vp_privilege():
    s = ready(privileges=[4])
    give_chest(s, P0, "purple")
    put_chest(s, s["res_chests"][4], "purple")
    s = act(s, P0, {"type": "resources", "space": 5})
    d = ENGINE.decisions(s)[0]
    assert (d["seat"], d["kind"]) == (P0, "privilege")
    spec = {sp["type"]: sp for sp in ENGINE.actions(s, P0)}
    assert spec["privilege"]["params"]["number"]["enum"] == [1, 7, 10, 13, 15]  # not 4: already held
    s = act(s, P0, {"type": "privilege", "number": 1})
    assert s["score"][P0] == D.VP_PRIVILEGE_VALUES[3]  # the top card with 4 players
    assert s["vp_stack"] == list(D.VP_PRIVILEGE_VALUES[:3])
    assert s["held"][P0] == {} and s["privileges"][P0] == [1, 4]
    # later: privilege 1 is no longer offered to P0
    assert 1 not in rules.available_privileges(s, P0)
    assert 1 in rules.available_privileges(s, P1)


def test_purple_exchange_may_be_declined_and_is_offered_only_when_a_purple_is_taken():
    s = ready()
    give_chest(s, P0, "purple", 2)
    put_chest(s, s["res_chests"][4], "brown")
    s = act(s, P0, {"type": "resources", "space": 5})
    assert ENGINE.decisions(s)[0]["kind"] == "turn" and s["pending"] == []
    s = ready()
    give_chest(s, P0, "purple")
    put_chest(s, s["res_chests"][4], "purple")
    s = act(s, P0, {"type": "resources", "space": 5})
    s = act(s, P0, {"type": "keep"})
    assert s["held"][P0] == {"purple": 2} and s["pending"] == []


def _purple_on_top(s, n):
    """The next ``n`` chests drawn are purple (taken from wherever the pile holds them)."""
    for _ in range(n):
        s["draw"].remove("purple") if "purple" in s["draw"] else s["discard"].remove("purple")
    s["draw"] += ["purple"] * n


def test_an_exchange_queued_behind_another_lapses_when_the_last_privilege_is_taken():
    """Two purples from one Augsburg bonus, one for each of the top two: the second
    player's exchange is checked again after the first answer, and the game goes on."""
    s = board()
    occupy(s, P2, "augsburg", 1)
    occupy(s, P2, "augsburg", 2, "noble")
    occupy(s, P3, "augsburg", 3)
    give_chest(s, P2, "purple")
    give_chest(s, P3, "purple")
    _purple_on_top(s, 2)
    s["priv_supply"] = {p: (1 if p == "7" else 0) for p in s["priv_supply"]}
    s["vp_stack"] = []
    s = _round_end(s, "augsburg")
    assert [(p["kind"], p["seat"]) for p in s["pending"][:2]] == [("purple", P2), ("purple", P3)]
    s = act(s, P2, {"type": "privilege", "number": 7})
    assert all(p["kind"] != "purple" for p in s["pending"])
    assert s["held"][P3] == {"purple": 2}
    for seat in range(4):
        ENGINE.actions(s, seat)
    (d,) = ENGINE.decisions(s)
    s = act(s, d["seat"], ENGINE.default_action(s, d["seat"]))  # the game goes on
    assert ENGINE.decisions(s)


def test_two_exchanges_queued_for_one_seat_need_two_purple_chests_each():
    """Privilege 8 adds a purple to one taken from the resource space: a player who held
    one has 3, which pays for one privilege, not two."""
    s = ready(privileges=[8])
    give_chest(s, P0, "purple")
    put_chest(s, s["res_chests"][4], "purple")
    _purple_on_top(s, 1)
    s = act(s, P0, {"type": "resources", "space": 5})
    assert s["held"][P0]["purple"] == 3
    assert ENGINE.decisions(s)[0]["kind"] == "privilege"
    s = act(s, P0, {"type": "privilege", "number": 7})
    assert s["held"][P0] == {"purple": 1}
    assert ENGINE.decisions(s)[0]["kind"] == "turn" and s["pending"] == []
    assert invariants.chests(s) == 72


def test_privilege_supply_runs_out():
    s = ready(players=2)
    s["priv_supply"] = {"4": 0, "7": 1}
    s["vp_stack"] = []
    assert rules.available_privileges(s, P0) == [7]


# --- privileges 2-16 ------------------------------------------------------------------


def test_privilege_2_second_figure_on_an_occupied_office_counts_as_two_offices():
    s = ready(privileges=[2])
    occupy(s, P1, "nijmegen", 3)
    s = act(s, P0, {"type": "place", "region": "nijmegen", "office": 3, "figure": "envoy"})
    assert s["offices"]["nijmegen"][2]["occ"] == [[P1, "envoy"], [P0, "envoy"]]
    # P1 is to the left in the tie
    assert rules.ranking(s, "nijmegen") == [P1, P0]
    s2 = ready(privileges=[2], seat=P0)
    occupy(s2, P1, "nijmegen", 3)
    occupy(s2, P2, "nijmegen", 3)
    with pytest.raises(IllegalAction, match="more than 2"):
        ENGINE.validate(s2, P0, {"type": "place", "region": "nijmegen", "office": 3, "figure": "envoy"})
    # two figures on an office worth 4 count as two offices worth 4
    s3 = board()
    occupy(s3, P0, "nijmegen", 3)
    occupy(s3, P0, "nijmegen", 3)
    assert rules.office_values(s3, P0) == [4, 4]
    assert rules.office_card_points("pairs", rules.office_values(s3, P0)) == 8


def test_privilege_3_second_envoy_for_free_and_with_6_six_points():
    s = ready(privileges=[3, 6])
    s = act(s, P0, {"type": "place_double", "region": "nijmegen", "office": 5})
    assert s["offices"]["nijmegen"][4]["occ"] == [[P0, "envoy"], [P0, "envoy"]]
    assert s["court"][P0] == [7, 1]  # 2 on the office, 1 payment
    assert s["score"][P0] == 6
    s = ready(privileges=[3])
    with pytest.raises(IllegalAction):
        ENGINE.validate(s, P0, {"type": "place_double", "region": "nijmegen", "office": 1})  # noble office


def test_privilege_6_three_points_in_the_kings_region_only():
    s = ready(privileges=[6])
    s = act(s, P0, {"type": "place", "region": "nijmegen", "office": 5, "figure": "envoy"})
    assert s["score"][P0] == 3
    s = ready(privileges=[6])
    s = act(s, P0, {"type": "place", "region": "strasbourg", "office": 5, "figure": "envoy"})
    assert s["score"][P0] == 0


@pytest.mark.parametrize("privs, value, figures", [
    ([], 7, 7), ([4], 7, 3), ([5], 7, 6), ([4, 5], 7, 2), ([4], 2, 2), ([5], 2, 1), ([4, 5], 3, 2),
])
def test_privileges_4_and_5_placement_cost(privs, value, figures):
    s = ready(privileges=privs)
    office = {7: ("augsburg", 1), 2: ("augsburg", 5), 3: ("nijmegen", 4)}[value]
    s["king"] = office[0]
    s = act(s, P0, {"type": "place", "region": office[0], "office": office[1], "figure": "envoy"})
    assert s["court"][P0] == [10 - figures, 1]


@pytest.mark.parametrize("privs, target, payments", [
    ([], "aachen", {"strasbourg": [1, 0], "palermo": [1, 0], "aachen": [1, 0], "milan": [1, 0]}),
    ([10], "aachen", {"aachen": [1, 0], "milan": [1, 0]}),
    ([11], "aachen", {"aachen": [1, 0], "milan": [1, 0]}),
    ([11], "augsburg", {"aachen": [1, 0], "milan": [1, 0], "augsburg": [1, 0], "nijmegen": [1, 0]}),
    ([10, 11], "augsburg", {"nijmegen": [1, 0]}),
    ([12], "strasbourg", {"palermo": [1, 0]}),
    ([12], "augsburg", {"nijmegen": [1, 0]}),
    ([12], "palermo", {"strasbourg": [1, 0], "palermo": [1, 0], "aachen": [1, 0]}),
])
def test_privileges_10_11_12_movement(privs, target, payments):
    s = ready(privileges=privs)
    office = len(s["offices"][target])  # the rightmost office, worth 2
    s = act(s, P0, {"type": "place", "region": target, "office": office, "figure": "envoy"})
    assert placed_payments(s, P0) == payments


def test_privileges_7_8_9_after_every_resource_action():
    s = ready(envoys=0, nobles=0, privileges=[7, 8, 9])
    s["draw"].remove("turquoise-place")
    s["draw"].append("turquoise-place")  # the top of the face-down pile
    size = len(s["draw"])
    s = act(s, P0, {"type": "resources", "space": 5})
    assert s["court"][P0] == [1, 0]
    assert s["score"][P0] == 2
    assert s["held"][P0] == {"turquoise-place": 1} and len(s["draw"]) == size - 1


def test_privilege_13_figures_back_to_the_court():
    s = board()
    occupy(s, P1, "palermo", 1, "noble")
    occupy(s, P1, "palermo", 2)
    occupy(s, P2, "palermo", 3)
    s["privileges"][P1] = [13]
    court1, prov2 = list(s["court"][P1]), list(s["province"][P2])
    s = _round_end(s, "palermo")
    assert s["court"][P1][1] == court1[1] + 1
    assert s["court"][P1][0] >= court1[0] + 1
    assert s["province"][P2][0] == prov2[0] + 1


def test_privileges_14_and_15_at_region_scoring():
    s = board()
    s["tiles"]["milan"] = [7, 4, 1]
    occupy(s, P0, "milan", 1, "noble")
    occupy(s, P1, "milan", 2)
    occupy(s, P2, "milan", 3)
    for seat in range(3):
        s["privileges"][seat] = [14, 15]
    rules.score_region(Ctx(s), "milan")
    # tile + 14 + 15 + Milan's 2 VP for every occupant
    assert s["score"][:3] == [7 + 3 + 2 + 2, 4 + 2 + 2 + 2, 1 + 1 + 2 + 2]
    s = board(players=2)
    s["tiles"]["milan"] = [7, 4, 0]
    occupy(s, P0, "milan", 1, "noble")
    occupy(s, P1, "milan", 2)
    s["privileges"] = [[14], [14]]
    rules.score_region(Ctx(s), "milan")
    assert s["score"] == [7 + 3 + 2, 4 + 0 + 2]


# --- region scoring and bonuses ------------------------------------------------------


def test_region_without_figures_gives_nothing():
    s = board()
    rules.score_region(Ctx(s), "aachen")
    assert s["score"] == [0, 0, 0, 0] and s["pending"] == []


def test_bonus_augsburg_first_chooses_second_gets_the_other():
    s = board()
    occupy(s, P2, "augsburg", 1)
    occupy(s, P2, "augsburg", 2, "noble")
    occupy(s, P3, "augsburg", 3)
    s["draw"] += ["turquoise-move", "brown"]
    s = _round_end(s, "augsburg")
    d = ENGINE.decisions(s)[0]
    assert (d["seat"], d["kind"]) == (P2, "bonus chest")
    s = act(s, P2, {"type": "take", "chest": "turquoise-move"})
    assert s["held"][P2] == {"turquoise-move": 1} and s["held"][P3] == {"brown": 1}


def test_bonus_aachen_one_chest_per_occupant_in_rank_order_rest_discarded():
    s = board()
    occupy(s, P1, "aachen", 1, "noble")
    occupy(s, P2, "aachen", 2)
    s["draw"] += ["purple", "brown", "turquoise-place", "orange-vp2"]
    s = _round_end(s, "aachen")
    assert ENGINE.decisions(s)[0]["seat"] == P1
    assert sorted(s["pending"][0]["options"]) == ["brown", "orange-vp2", "purple", "turquoise-place"]
    s = act(s, P1, {"type": "take", "chest": "orange-vp2"})
    assert s["score"][P1] >= 2
    assert ENGINE.decisions(s)[0]["seat"] == P2
    s = act(s, P2, {"type": "take", "chest": "brown"})
    assert s["held"][P2] == {"brown": 1}
    assert "purple" in s["discard"] and "turquoise-place" in s["discard"]


@pytest.mark.parametrize("region, points, envoys", [
    ("strasbourg", [0, 0], [2, 1]), ("palermo", [3, 1], [0, 0]),
    ("nijmegen", [0, 0], [1, 1]), ("milan", [2, 2], [0, 0]),
])
def test_figure_and_point_bonuses(region, points, envoys):
    s = board(players=2)
    s["tiles"][region] = [0, 0, 0]
    occupy(s, P0, region, 2)
    occupy(s, P0, region, 3)
    occupy(s, P1, region, 4)
    before = [c[0] for c in s["court"]]
    rules.score_region(Ctx(s), region)
    assert s["score"] == points
    assert [c[0] - b for c, b in zip(s["court"], before)] == envoys


# --- which regions are scored -----------------------------------------------------------


def test_condition_tiles_and_ties_nearest_clockwise_from_the_king():
    s = board()
    s["king"] = "palermo"
    assert rules.condition_region(s, "king") == "palermo"
    # no office chests anywhere: all tie on fewest chests -> the king's region first
    assert rules.condition_region(s, "fewest_chests") == "palermo"
    put_chest(s, s["offices"]["palermo"][0]["chests"], "brown")
    assert rules.condition_region(s, "fewest_chests") == "aachen"
    # most occupied offices; a tie goes to the region nearest clockwise
    occupy(s, P0, "nijmegen", 2)
    occupy(s, P1, "strasbourg", 2)
    assert rules.condition_region(s, "most_offices") == "nijmegen"
    occupy(s, P1, "strasbourg", 3)
    assert rules.condition_region(s, "most_offices") == "strasbourg"


def test_a_region_is_never_scored_twice_in_a_round():
    s = board()
    s["rows"]["A"][0] = "nijmegen"
    s["rows"]["B"][0] = "king"
    assert rules.regions_to_score(s) == ["nijmegen"]
    s["rows"]["B"][0] = "fewest_chests"
    put_chest(s, s["offices"]["nijmegen"][0]["chests"], "brown")
    assert rules.regions_to_score(s) == ["nijmegen", "strasbourg"]


def test_no_restoration_after_round_5_figures_stay_for_final_scoring():
    s = board()
    s["round"] = 5
    occupy(s, P0, "milan", 2)
    s["payment"]["milan"][P0] = [1, 0]
    s["province"][P0][0] -= 1
    s["objectives"][P0] = {"region": "milan", "path": "adjacent2", "office": "value5"}
    s = _round_end(s, "milan")
    assert s["stage"] == "over" and ENGINE.decisions(s) == []
    assert s["offices"]["milan"][1]["occ"] == [[P0, "envoy"]]
    assert s["king"] == "nijmegen"
    assert s["final"][P0]["region"] == 12 and s["final"][P0]["office"] == 5
    assert s["payment"]["milan"][P0] == [0, 0]
    out = ENGINE.outcome(s)
    assert out["ranks"][P0] == 1


def test_ties_in_the_end_go_to_the_most_figures_at_court():
    s = board()
    s["round"] = 5
    for seat in range(4):
        s["objectives"][seat] = {"region": "aachen", "path": "adjacent2", "office": "value5"}
    set_court(s, P2, 9, 1)
    s = _round_end(s, "aachen")
    out = ENGINE.outcome(s)
    assert out["scores"] == [0, 0, 0, 0]
    assert [sum(c) for c in s["court"]] == [5, 5, 10, 5]
    assert out["ranks"] == [2, 2, 1, 2]


def test_two_players_no_second_place_for_the_region_objective():
    s = board(players=2)
    occupy(s, P0, "milan", 1, "noble")
    occupy(s, P1, "milan", 2)
    assert rules.region_objective_points(s, P0, "milan") == 12
    assert rules.region_objective_points(s, P1, "milan") == 0
    s4 = board()
    occupy(s4, P0, "milan", 1, "noble")
    occupy(s4, P1, "milan", 2)
    assert rules.region_objective_points(s4, P1, "milan") == 6


# --- objectives ---------------------------------------------------------------------------


def _brute_paths(counts, shape):
    inst = rules.path_instances(shape)
    best = 0
    bound = [min(counts[p] for p in i) for i in inst]
    for ms in itertools.product(*(range(b + 1) for b in bound)):
        use = [0] * 6
        for m, i in zip(ms, inst):
            for p in i:
                use[p] += m
        if all(u <= c for u, c in zip(use, counts)):
            best = max(best, sum(ms))
    return best


def test_path_objective_is_an_optimal_packing():
    rng = Rng.from_seed(5)
    for _ in range(150):
        counts = tuple(rng.below(4) for _ in range(6))
        for shape, _pts in D.PATH_CARDS.values():
            assert rules.max_paths(counts, shape) == _brute_paths(counts, shape), (counts, shape)
    # a greedy choice would take the middle pair of a chain and score once; optimal is twice
    assert rules.max_paths((1, 1, 1, 1, 0, 0), (0, 1)) == 2
    assert rules.max_paths((1, 0, 0, 1, 0, 0), (0, 3)) == 1
    assert rules.max_paths((2, 1, 1, 2, 1, 1), (0, 1, 2)) == 2


def test_office_cards():
    assert rules.office_card_points("value3", [3]) == 3
    assert rules.office_card_points("value4", [4, 4, 4, 7]) == 12
    assert rules.office_card_points("value5", [5] * 6) == 20 + 5 + 5
    assert rules.office_card_points("value5", [4]) == 0
    assert rules.office_card_points("count", [2, 3, 4]) == 4
    assert rules.office_card_points("count", [2] * 10) == 20 + 10
    assert rules.office_card_points("pairs", [4, 4, 4]) == 8
    assert rules.office_card_points("sequence", [3, 4, 5, 5, 4]) == 15


def test_objectives_only_count_office_figures():
    s = board()
    s["payment"]["milan"][P0] = [5, 0]
    s["province"][P0][0] -= 5
    assert rules.path_points(s, P0, "adjacent2") == (0, 0)
    assert rules.office_values(s, P0) == []


# --- the legal-placement list agrees with validate ---------------------------------------


def test_legal_placements_match_validate_everywhere():
    for seed in range(1, 8):
        s = ENGINE.setup(2 + seed % 4, seed, {"privileges": "custom", "custom_privileges": [2, 3, 4, 5, 10, 12]})
        rng = Rng.from_seed(seed)
        steps = 0
        while ENGINE.decisions(s) and steps < 400:
            seat = ENGINE.decisions(s)[0]["seat"]
            if not s["pending"]:
                s["privileges"][seat] = sorted(set(s["privileges"][seat]) | {(2, 3, 4, 5, 10, 12)[seed % 6]})
                legal = {(p["region"], p["office"], p["figure"], p["double"]) for p in rules.legal_placements(s, seat)}
                for r in s["regions"]:
                    for o in range(1, 7):
                        for fig in ("envoy", "noble"):
                            for dbl in (False, True):
                                try:
                                    rules.plan_placement(s, seat, r, o, fig, dbl)
                                    ok = True
                                except IllegalAction:
                                    ok = False
                                assert ok == ((r, o, fig, dbl) in legal), (r, o, fig, dbl)
            s = ENGINE.apply(s, {seat: ENGINE.bot(s, seat, rng)})["state"]
            steps += 1


# --- the bot plays the main ideas --------------------------------------------------------


@pytest.mark.parametrize("objective", ["strasbourg", "palermo"])
def test_bot_places_for_its_region_objective(objective):
    """Regions not scored in a later round keep their figures to the end, where the
    region objective pays 12: the bot goes where its own card points."""
    s = board()
    turn_of(s, P0)
    set_court(s, P0, 8, 1)
    s["rows"]["A"] = ["augsburg", "milan", "aachen", "augsburg", "milan"]
    s["rows"]["B"] = ["king"] * 5
    other = "palermo" if objective == "strasbourg" else "strasbourg"
    s["objectives"][P0] = {"region": objective, "path": "adjacent2", "office": "value5"}
    for seed in range(5):
        action = ENGINE.bot(s, P0, Rng(seed))
        assert action["type"] == "place" and action["region"] == objective
    s["objectives"][P0]["region"] = "augsburg"
    assert all(ENGINE.bot(s, P0, Rng(seed)).get("region") != other for seed in range(5))


def test_bot_exchanges_purple_chests_and_keeps_figures_with_immunity():
    s = ready(privileges=[4])
    give_chest(s, P0, "purple")
    put_chest(s, s["res_chests"][4], "purple")
    s = act(s, P0, {"type": "resources", "space": 5})
    assert ENGINE.bot(s, P0, Rng(1)) == {"type": "privilege", "number": 1}  # points at once
    s = board()
    occupy(s, P1, "palermo", 1, "noble")
    occupy(s, P1, "palermo", 3)
    give_chest(s, P1, "turquoise-immunity")
    s = _round_end(s, "palermo")
    assert ENGINE.bot(s, P1, Rng(1)) == {"type": "immune", "region": "palermo", "office": 1, "slot": 1}
