"""Email commands: English and German names, case-insensitive, errors that list what is allowed."""

import pytest

from engines.base import ParseError
from engines.citadels import ENGINE

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
    assert "Seat 2: 3 gold, 1 cards in hand, revealed: -. City (1): Church (Kirche) [blue 2]" in page
    assert "Your hand: Market (Markt) [green 2], Palace (Palast) [yellow 5]." in page
    assert "Your characters: King (König, 4)." in page
    assert "Allowed now:" in page
    other = ENGINE.render(state, 1)
    assert "Temple" in other and "Palace" not in other
    assert "Bishop" not in other.split("Your characters:")[0].split("Called so far")[0]
    spectator = ENGINE.render(state, None)
    assert "Your hand" not in spectator and "Temple" not in spectator
