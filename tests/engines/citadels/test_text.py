"""Email commands: English and German names, case-insensitive, errors that list what is allowed."""

import pytest

from engines.base import IllegalAction, ParseError
from engines.citadels import ENGINE
from engines.citadels import data as D
from engines.citadels import rules as R

from .helpers import play, position

FOUR = {0: ["king"], 1: ["bishop"], 2: ["merchant"], 3: ["warlord"]}


@pytest.fixture
def state():
    return position(4, FOUR, hands={0: ["market", "palace"]}, gold={0: 6})


@pytest.mark.parametrize("line, action", [
    ("pick architect", {"type": "pick", "character": "architect"}),
    ("Pick Baumeister", {"type": "pick", "character": "architect"}),
    ("choose 7", {"type": "pick", "character": "architect"}),
    ("gold", {"type": "gold"}),
    ("take 2 gold", {"type": "gold"}),
    ("draw", {"type": "draw"}),
    ("DRAW 2 cards", {"type": "draw"}),
    ("keep market", {"type": "keep", "card": "market"}),
    ("keep Markt", {"type": "keep", "card": "market"}),
    ("build palace", {"type": "build", "card": "palace"}),
    ("build Palast", {"type": "build", "card": "palace"}),
    ("build town hall", {"type": "build", "card": "town_hall"}),
    ("build Universität", {"type": "build", "card": "university"}),
    ("build universitaet", {"type": "build", "card": "university"}),
    ("build Kontor", {"type": "build", "card": "docks"}),
    ("build schloss", {"type": "build", "card": "castle"}),
    ("build School of Magic", {"type": "build", "card": "school_of_magic"}),
    ("build hexenschule", {"type": "build", "card": "school_of_magic"}),
    ("kill 4", {"type": "kill", "character": "king"}),
    ("kill König", {"type": "kill", "character": "king"}),
    ("kill koenig", {"type": "kill", "character": "king"}),
    ("rob merchant", {"type": "rob", "character": "merchant"}),
    ("rob Händler", {"type": "rob", "character": "merchant"}),
    ("rob haendler", {"type": "rob", "character": "merchant"}),
    ("swap 3", {"type": "swap", "seat": 2}),
    ("swap with seat 3", {"type": "swap", "seat": 2}),
    ("redraw market, temple", {"type": "redraw", "cards": ["market", "temple"]}),
    ("redraw town hall market", {"type": "redraw", "cards": ["town_hall", "market"]}),
    ("discard market", {"type": "redraw", "cards": ["market"]}),
    ("discard thief", {"type": "discard", "character": "thief"}),
    ("destroy watchtower of seat 2", {"type": "destroy", "card": "watchtower", "seat": 1}),
    ("destroy Wachturm of player 4", {"type": "destroy", "card": "watchtower", "seat": 3}),
    ("destroy school of magic of 1", {"type": "destroy", "card": "school_of_magic", "seat": 0}),
    ("income", {"type": "income"}),
    ("collect", {"type": "income"}),
    ("laboratory market", {"type": "laboratory", "card": "market"}),
    ("smithy", {"type": "smithy"}),
    ("Schmiede", {"type": "smithy"}),
    ("graveyard", {"type": "graveyard"}),
    ("decline", {"type": "decline"}),
    ("end", {"type": "end"}),
    ("End turn", {"type": "end"}),
    ("pass", {"type": "end"}),
])
def test_commands(state, line, action):
    assert ENGINE.parse(state, 0, line) == [action]


def test_several_lines_are_several_actions(state):
    assert ENGINE.parse(state, 0, "gold\n\nbuild palace\nend\n") == [
        {"type": "gold"}, {"type": "build", "card": "palace"}, {"type": "end"}]


def test_pass_declines_at_the_graveyard():
    state = position(4, FOUR, cities={0: ["fortress"], 1: ["graveyard"]}, gold={1: 2, 3: 3})
    state, _ = play(state, (0, "gold"), (0, "end"), (1, "gold"), (1, "end"), (2, "gold"), (2, "end"), (3, "gold"),
                    (3, "destroy fortress of seat 1"))
    assert ENGINE.parse(state, 1, "pass") == [{"type": "decline"}]
    assert ENGINE.parse(state, 1, "no") == [{"type": "decline"}]


@pytest.mark.parametrize("line", ["xyzzy", "build", "build spaceship", "kill nobody", "swap 9", "destroy palace",
                                  "destroy palace of seat 9", "gold now please", ""])
def test_errors_say_what_is_allowed_now(state, line):
    with pytest.raises(ParseError) as err:
        ENGINE.parse(state, 0, line)
    assert "Allowed now:" in err.value.message
    assert "`gold`" in err.value.message and "`draw`" in err.value.message


def test_every_command_reads_back_as_its_action(state):
    actions = [
        {"type": "pick", "character": "warlord"}, {"type": "discard", "character": "assassin"},
        {"type": "gold"}, {"type": "draw"}, {"type": "keep", "card": "trading_post"},
        {"type": "build", "card": "dragon_gate"}, {"type": "income"}, {"type": "kill", "character": "magician"},
        {"type": "rob", "character": "bishop"}, {"type": "swap", "seat": 3},
        {"type": "redraw", "cards": ["school_of_magic", "market", "market"]},
        {"type": "destroy", "card": "haunted_city", "seat": 2}, {"type": "laboratory", "card": "keep"},
        {"type": "smithy"}, {"type": "graveyard"}, {"type": "decline"}, {"type": "end"},
    ]
    for a in actions:
        assert ENGINE.parse(state, 0, ENGINE.command(state, 0, a)) == [a]
    assert ENGINE.command(state, 0, {"type": "destroy", "card": "watchtower", "seat": 1}) == "destroy watchtower of seat 2"


def test_render_shows_cities_gold_hands_crown_characters_and_own_hand():
    state = position(4, FOUR, hands={0: ["market", "palace"], 1: ["temple"]}, cities={1: ["church"]}, gold={0: 6, 1: 3})
    page = ENGINE.render(state, 0)
    assert "Seat 1 (crown, you): 6 gold, 2 cards in hand, revealed: King (König, 4)" in page
    assert "Seat 2: 3 gold, 1 cards in hand, revealed: -. City (1, 2 points): Church (Kirche) [blue 2]" in page
    assert "Your hand: Market (Markt) [green 2], Palace (Palast) [yellow 5]." in page
    assert "Your characters: King (König, 4)." in page
    assert "Allowed now:" in page
    other = ENGINE.render(state, 1)
    assert "Temple" in other and "Palace" not in other
    assert "Your characters: Bishop" in other and "Your characters: Bishop" not in page
    spectator = ENGINE.render(state, None)
    assert "Your hand" not in spectator and "Temple" not in spectator


def test_render_top_is_short_and_says_position_and_what_is_asked():
    state = position(4, FOUR, hands={0: ["market", "palace"]}, cities={0: ["manor"]}, gold={0: 6})
    top = ENGINE.render(state, 0).split("--- The table ---")[0].strip().splitlines()
    assert len(top) <= 6
    assert top[1] == ("You are seat 1 (crown): 6 gold, 2 cards, city 1/8 (3 points; the longest city has 1). "
                      "Your characters this round: King.")
    assert top[2].startswith("Now: Play the King")
    assert top[-1].startswith("Allowed now:")
    waiting = ENGINE.render(state, 2).split("--- The table ---")[0]
    assert "Waiting: the King of seat 1 is playing." in waiting


def test_render_says_the_last_round():
    state = position(4, FOUR, hands={0: ["palace"]}, gold={0: 6},
                     cities={0: ["tavern", "market", "temple", "church", "watchtower", "prison", "manor"]})
    assert "LAST ROUND" not in ENGINE.render(state, 1)
    state, _ = play(state, (0, "gold"), (0, "build palace"))
    for seat in (None, 0, 1):
        assert "LAST ROUND: seat 1 completed a city; the game ends when this round is played out." in ENGINE.render(state, seat)


def test_render_explains_characters_and_purple_districts_in_play():
    state = position(4, FOUR, hands={0: ["smithy"]}, cities={1: ["keep"], 2: ["school_of_magic"]})
    page = ENGINE.render(state, 0)
    assert "8 Warlord (Söldner): 1 gold per red district; ending his turn he may destroy" in page
    assert "3 Magician (Magier): swaps hands" in page
    assert "Keep (Wehrturm): cannot be destroyed by the Warlord." in page
    assert "School of Magic (Hexenschule): counts as your character's colour for income" in page
    assert "Smithy (Schmiede): once a turn, pay 3 gold to draw 2 cards" in page
    assert "Smithy" not in ENGINE.render(state, 1)  # another's hand stays unknown
    assert "Library" not in page


def test_render_gives_the_warlords_targets_with_prices():
    state = position(4, {0: ["king"], 1: ["bishop"], 3: ["warlord"]}, gold={3: 4},
                     cities={0: ["tavern", "palace", "keep"], 1: ["church"], 2: ["castle"]})
    state, _ = play(state, (0, "gold"), (0, "end"), (1, "gold"), (1, "end"), (3, "gold"))
    page = ENGINE.render(state, 3)
    assert ("The Warlord's targets (gold to destroy: cost - 1): seat 1: Tavern 0, Palace 4; "
            "seat 2: the Bishop's, cannot be attacked this round; seat 3: Castle 3.") in page
    assert "You may destroy (price in gold): seat 1: Palace 4, Tavern 0; seat 3: Castle 3." in page


def test_render_warns_when_income_would_go_to_the_thief():
    state = position(2, {0: ["king", "warlord"], 1: ["thief"]}, cities={0: ["manor"]}, gold={0: 1})
    state, _ = play(state, (1, "gold"), (1, "rob warlord"), (1, "end"), (0, "gold"))
    assert "Beware: the Thief robbed your Warlord" in ENGINE.render(state, 0)
    assert "Beware" not in ENGINE.render(state, 1)


@pytest.mark.parametrize("line, action", [
    ("kill the king", {"type": "kill", "character": "king"}),
    ("uccidi il Re", {"type": "kill", "character": "king"}),
    ("rob the Mercante", {"type": "rob", "character": "merchant"}),
    ("build the palace", {"type": "build", "card": "palace"}),
    ("costruisci il Palazzo", {"type": "build", "card": "palace"}),
    ("build Biblioteca", {"type": "build", "card": "library"}),
    ("build Rifugio dei Draghi", {"type": "build", "card": "dragon_gate"}),
    ("build Città Fantasma", {"type": "build", "card": "haunted_city"}),
    ("build torre di guardia", {"type": "build", "card": "keep"}),
    ("baue den Palast", {"type": "build", "card": "palace"}),
    ("end my turn", {"type": "end"}),
    ("take 2 gold please", {"type": "gold"}),
    ("take cards", {"type": "draw"}),
    ("destroy the watchtower of seat 2", {"type": "destroy", "card": "watchtower", "seat": 1}),
    ("distruggi Torre di Vedetta di 2", {"type": "destroy", "card": "watchtower", "seat": 1}),
])
def test_natural_forms(state, line, action):
    assert ENGINE.parse(state, 0, line) == [action]


def test_take_card_8_and_bare_names_and_numbers_in_the_draft():
    draft = ENGINE.setup(4, 2)
    seat = draft["crown"]
    pile = draft["draft"]["pile"]
    last = pile[-1]
    rank = str(D.RANK[last])
    assert ENGINE.parse(draft, seat, f"take card {rank}") == [{"type": "pick", "character": last}]
    assert ENGINE.parse(draft, seat, rank) == [{"type": "pick", "character": last}]
    assert ENGINE.parse(draft, seat, "Baumeister") == [{"type": "pick", "character": "architect"}]


def test_bare_card_name_while_keeping_and_ambiguous_number_for_the_magician():
    state = position(4, {0: ["magician"], 1: ["king"]}, deck_top=["palace", "temple"], hands={0: ["market"]})
    state, _ = play(state, (0, "draw"))
    assert ENGINE.parse(state, 0, "palazzo") == [{"type": "keep", "card": "palace"}]
    assert ENGINE.parse(state, 0, "take the palace") == [{"type": "keep", "card": "palace"}]
    state, _ = play(state, (0, "keep palace"))
    assert ENGINE.parse(state, 0, "2") == [{"type": "swap", "seat": 1}]  # swap is the one action taking a number


def test_a_bare_number_no_action_takes_is_not_understood(state):
    with pytest.raises(ParseError) as err:
        ENGINE.parse(state, 0, "3")
    assert "I do not understand '3'." in err.value.message and "Allowed now:" in err.value.message


@pytest.mark.parametrize("line, words", [
    ("build castel", "I do not know the district 'castel'. Districts may be named in English, German, Italian or French. You may choose: Market (Markt), Palace (Palast)."),
    ("kill the jester", "I do not know the character 'jester'."),
    ("gold now", "`gold` takes nothing after it, but 'now' followed."),
    ("swap", "Swap with whom?"),
])
def test_refusals_say_what_was_wrong_and_what_to_send(state, line, words):
    play_state, _ = play(state, (0, "gold"))
    with pytest.raises(ParseError) as err:
        ENGINE.parse(play_state, 0, line)
    assert words in err.value.message
    assert "Allowed now:" in err.value.message


def test_illegal_choices_are_named_in_the_games_words(state):
    state, _ = play(state, (0, "draw"))
    drawn = state["turn"]["drawn"]
    other = next(c for c in ("tavern", "cathedral", "fortress") if c not in drawn)
    with pytest.raises(IllegalAction) as err:
        ENGINE.validate(state, 0, {"type": "keep", "card": other})
    msg = err.value.message
    assert msg.startswith(f"{R.card_name(other)} is not one of the choices to keep one of the drawn cards now: ")
    assert "Allowed now: keep one of the drawn cards" in msg
