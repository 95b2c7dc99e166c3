"""The leak check of the page tests, checked itself: the components' printed
text and the labels of the seat's own choices are known to it (a card id that
is also a word is not a leak there), and an id anywhere else is still found."""

from __future__ import annotations

import re

from tests.web.conftest import printed_texts, without_known_text


def _found(token: str, html: str) -> bool:
    texts = printed_texts() + ["draw district cards and keep one"]
    return bool(re.search(rf"(?<![\w-]){re.escape(token)}(?![\w-])", without_known_text(html, texts)))


def test_the_printed_texts_of_every_game_are_collected():
    texts = printed_texts()
    assert "draw 3, keep 1" in texts  # the Observatory on the Citadels board
    assert any("Warlord" in t for t in texts)  # the Keep in the engine's text
    assert len(texts) > 30


def test_a_card_id_inside_a_printed_power_is_not_a_leak():
    board = ('<text x="213.0" y="438" font-style="italic">draw 3, keep 1</text>'
             '<text x="9" y="9">keep every card</text><text>drawn</text>')
    assert not _found("keep", board)
    assert not _found("keep", '<label>draw <b>draw district cards and keep one</b></label>')


def test_a_card_id_in_an_attribute_or_on_its_own_is_still_found():
    assert _found("keep", '<rect data-card="keep"/>')
    assert _found("keep", "<li>keep</li>")
    assert _found("keep", "<p>You hold keep and draw 3, keep 1</p>")
    assert _found("keep", '<script>{"hand": ["keep"]}</script>')
