"""Every board in every language: for each engine, at several points of a bot
game, for every seat and the spectator, the SVG, its text equivalent and the
mail's situation in German, Italian and French hold no English word of the
boards' or the games' English catalogs that the language translates; the
numbers read back as in English; nothing the view hides is drawn; and every
catalog of the boards is complete."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import boards
from boards import augsburg1520, citadels, fugger, staufer
from boards.draw import BASE
from engines.i18n import COMMON, LANGUAGES
from tests.boards.test_boards import COMPONENT_IDS, expected, leaves, sampled_states

SVG = "{http://www.w3.org/2000/svg}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
MODULES = {"augsburg1520": augsburg1520, "citadels": citadels, "fugger": fugger, "staufer": staufer}
GAMES = [("augsburg1520", 4, None), ("citadels", 5, None), ("staufer", 4, None), ("fugger", 3, None),
         ("fugger", 4, {"variant": "full"})]
OTHER = [code for code in LANGUAGES if code != "en"]
# The games' terms a board draws (the rest of an engine's catalog is its texts and commands).
TERMS = ("noble.", "cat.", "level.", "tile.", "char.", "district.", "colour.", "region.", "chest.", "path.", "officecard.",
         "condition.", "ware.", "kind.", "variant.", "render.cal_name")
WORD = re.compile(r"[^\W\d_]{3,}")


def _words(text: str) -> set[str]:
    return {w.casefold() for w in WORD.findall(text)}


def _catalog_words(catalog, lang: str, keys) -> set[str]:
    out: set[str] = set()
    for key in keys:
        template = catalog.template(lang, key)
        out |= _words(re.sub(r"\{[^}]*\}", " ", template.replace("|", " ")))
    return out


def _untranslated(slug: str, lang: str) -> set[str]:
    """English words of the board's own catalog and of the game's terms that the
    language has no use for (a word both languages write, "Gold", "Palermo", is fine)."""
    catalog = MODULES[slug].CATALOG
    game = catalog.parent
    english = _catalog_words(catalog, "en", catalog.messages["en"])
    english |= _catalog_words(game, "en", [k for k in game.messages["en"] if k.startswith(TERMS)])
    english |= _catalog_words(COMMON, "en", ["player", "none"])
    own = _catalog_words(catalog, lang, catalog.messages["en"]) | _catalog_words(game, lang, game.messages["en"])
    own |= _catalog_words(COMMON, lang, COMMON.messages["en"])
    return english - own


def _shown(svg: str) -> str:
    root = ET.fromstring(svg)
    parts = ["".join(el.itertext()) for el in root.iter(f"{SVG}text")]
    parts += [root.find(f"{SVG}title").text, root.find(f"{SVG}desc").text]
    parts += [el.get("aria-label") or "" for el in root.iter()]
    return " | ".join(parts)


def test_the_boards_catalogs_are_complete():
    assert BASE.missing() == []
    for module in MODULES.values():  # every field a board passes is one its English text knows
        assert module.CATALOG.missing() == []


@pytest.mark.parametrize("slug,players,options", GAMES, ids=[f"{g[0]}-{g[1]}" for g in GAMES])
def test_boards_speak_the_readers_language(slug, players, options):
    engine, states = sampled_states(slug, players, options)
    names = ["Anna", "Bruno", "Carla", "Dario", "Elsa"][:players]
    for lang in OTHER:
        english = _untranslated(slug, lang)
        for state in states:
            for seat in [*range(players), None]:
                v = engine.view(state, seat)
                svg = boards.svg(slug, v, seat=seat, names=names, lang=lang)
                root = ET.fromstring(svg)
                assert root.get(XML_LANG) == lang
                written = boards.text(slug, v, seat=seat, names=names, lang=lang)
                mail = boards.mail_html(slug, v, seat=seat, names=names, image_cid="board@pbem", lang=lang)
                for where, text in (("svg", _shown(svg)), ("text", written), ("mail", mail)):
                    left = _words(re.sub(r"<[^>]+>", " ", text)) & english
                    assert not left, f"{slug} {lang} seat {seat} {where}: English {sorted(left)} in {text[:300]!r}"
                # the numbers read back as in English (the words are checked above)
                got = {el.get("data-k"): "".join(el.itertext()) for el in root.iter() if el.get("data-k")}
                for key, want in expected(slug, v, seat).items():
                    assert key in got, f"{slug} {lang}: {key} not drawn"
                    if want is not None and want.isdigit():
                        assert got[key] == want, (lang, key, got[key], want)
                # nothing the view hides, in any language
                hidden = (leaves(state) - leaves(v)) & COMPONENT_IDS[slug]
                attributes = {value for el in root.iter() for value in el.attrib.values()}
                texts = {"".join(el.itertext()) for el in root.iter(f"{SVG}text")}
                for h in hidden:
                    assert h not in attributes and h not in texts, f"{slug} {lang} seat {seat}: hidden {h!r} drawn"
                    if slug != "citadels":  # district ids are plain words ("keep"): their names are checked below
                        pattern = rf"(?<![\w-]){re.escape(h)}(?![\w-])"
                        assert not re.search(pattern, written + mail), f"{slug} {lang} seat {seat}: hidden {h!r} written"
                if slug == "citadels":  # a hidden district's name in this language, unless a copy of it is in view
                    catalog = MODULES[slug].CATALOG
                    visible = {catalog.text(lang, f"district.{x}") for x in leaves(v) if catalog.has(f"district.{x}")}
                    names_hidden = {catalog.text(lang, f"district.{h}") for h in hidden if catalog.has(f"district.{h}")} - visible
                    joined = " | ".join(texts) + written + mail
                    for name in names_hidden:
                        assert not re.search(rf"(?<!\w){re.escape(name)}(?!\w)", joined), f"{lang} seat {seat}: hidden {name!r}"


def test_a_german_board_uses_the_games_german_terms():
    engine, states = sampled_states("citadels", 4, None)
    v = engine.view(states[2], 0)
    svg = boards.svg("citadels", v, seat=0, names=["Anna", "Bruno", "Carla", "Dario"], lang="de")
    shown = _shown(svg)
    assert "Ohne Furcht und Adel - Runde" in shown  # the published title
    for name in ("Meuchler", "Dieb", "Magier", "König", "Prediger", "Händler", "Baumeister", "Söldner"):
        assert name in shown
    assert "Assassin" not in shown and "Warlord" not in shown
    italian = boards.svg("augsburg1520", engines_view("augsburg1520", 3), seat=0, names=None, lang="it")
    assert "pagherò" in _shown(italian) and "Giocatore 1" in _shown(italian)
    french = boards.text("staufer", engines_view("staufer", 3), seat=0, names=None, lang="fr")
    assert "La dynastie des Staufer - manche" in french and "émissaire" in french


def engines_view(slug: str, players: int) -> dict:
    engine, states = sampled_states(slug, players, None)
    return engine.view(states[2], 0)


def test_an_unknown_language_falls_back_to_english():
    v = engines_view("staufer", 2)
    assert boards.svg("staufer", v, seat=0, lang="xx") == boards.svg("staufer", v, seat=0)
    assert boards.svg("staufer", v, seat=0, lang="de-AT") == boards.svg("staufer", v, seat=0, lang="de")
