"""The Staufer Dynasty: commands as players write them in Italian (the rulebook's
words), German, French and English, with articles, elisions and prepositions."""

import pytest

from engines.base import IllegalAction, ParseError

from engines.staufer import ENGINE

PALERMO_1_NOBLE = {"type": "place", "region": "palermo", "office": 1, "figure": "noble"}


@pytest.mark.parametrize("line, action", [
    ("piazza un Nobile nell'Ufficio 1 di Palermo", PALERMO_1_NOBLE),
    ("piazza il nobile sull'ufficio 1 di Palermo", PALERMO_1_NOBLE),
    ("occupa l'ufficio 1 di Palermo con un nobile", PALERMO_1_NOBLE),
    ("Piazzo un nobile sull’Ufficio 1 di Palermo", PALERMO_1_NOBLE),
    ("piazza nobile 1 palermo", PALERMO_1_NOBLE),
    ("Ich platziere einen Adligen auf Amt 1 in Palermo", PALERMO_1_NOBLE),
    ("besetze Amt 1 in Palermo mit einem Adligen", PALERMO_1_NOBLE),
    ("je place un noble sur l'office 1 de Palerme", PALERMO_1_NOBLE),
    ("place the noble on office 1 of Palermo", PALERMO_1_NOBLE),
    ("piazza un inviato sull'ufficio 2 di Aquisgrana",
     {"type": "place", "region": "aachen", "office": 2, "figure": "envoy"}),
    ("place un émissaire sur l'office 2 d'Aix-la-Chapelle",
     {"type": "place", "region": "aachen", "office": 2, "figure": "envoy"}),
    ("setze einen Gesandten auf Amt 3 in Straßburg",
     {"type": "place", "region": "strasbourg", "office": 3, "figure": "envoy"}),
    ("tieni i forzieri viola", {"type": "keep"}),
    ("tengo i forzieri viola", {"type": "keep"}),
    ("behalte die lila Truhen", {"type": "keep"}),
    ("je garde les coffres violets", {"type": "keep"}),
    ("azione risorse 3", {"type": "resources", "space": 3}),
    ("prendi lo spazio risorse 3", {"type": "resources", "space": 3}),
    ("Ressourcen 3", {"type": "resources", "space": 3}),
    ("risorse 3 forzieri 5", {"type": "resources_swap", "space": 3, "chests": 5}),
    ("usa il forziere turchese movimento", {"type": "chest", "chest": "turquoise-move"}),
    ("prendi il forziere marrone", {"type": "take", "chest": "brown"}),
    ("prendo la carta privilegio 11", {"type": "privilege", "number": 11}),
    ("Privileg 11", {"type": "privilege", "number": 11}),
    ("privilège 11", {"type": "privilege", "number": 11}),
    ("passo", {"type": "pass"}),
    ("je passe", {"type": "pass"}),
])
def test_sentences_in_every_language(line, action):
    s = ENGINE.setup(3, 1)
    assert ENGINE.parse(s, 0, line) == [action]
    for lang in ("de", "it", "fr", "en"):
        assert ENGINE.parse(s, 0, line, lang=lang) == [action]


def test_labels_examples_and_prompts_in_the_readers_language():
    s = ENGINE.setup(3, 1)
    it = ENGINE.actions(s, 0, lang="it")
    assert it[0]["label"].startswith("Azione Risorse") and it[0]["example"] == "risorse 3"
    assert it[1]["example"].startswith("piazza un inviato sull'ufficio")
    de = ENGINE.actions(s, 0, lang="de")
    assert de[1]["example"].startswith("setze einen gesandten auf amt")
    for lang in ("de", "it", "fr", "en"):
        for spec in ENGINE.actions(s, 0, lang=lang):
            assert ENGINE.parse(s, 0, spec["example"])[0]["type"] == spec["type"]
    assert ENGINE.decisions(s, lang="it")[0]["prompt"].startswith("Il tuo Famiglio è in cima")


@pytest.mark.parametrize("lang, words", [
    ("it", ["Non riesco a leggere", "Ora puoi", "per es. `risorse 3`"]),
    ("de", ["kann ich nicht lesen", "Jetzt möglich", "z. B. `rohstoffe 3`"]),
    ("fr", ["Je ne peux pas lire", "Possible maintenant", "par ex. `ressources 3`"]),
])
def test_a_refusal_says_what_to_send_in_the_readers_language(lang, words):
    s = ENGINE.setup(3, 1)
    with pytest.raises(ParseError) as e:
        ENGINE.parse(s, 0, "xyzzy", lang=lang)
    for w in words:
        assert w in e.value.message


def test_a_placement_refusal_in_italian():
    s = ENGINE.setup(3, 1)
    with pytest.raises(IllegalAction) as e:
        ENGINE.validate(s, 0, {"type": "place", "region": "nijmegen", "office": 1, "figure": "envoy"}, lang="it")
    assert "mostra un Nobile: solo un Nobile può occuparlo" in e.value.message and "Ora puoi" in e.value.message


def test_one_event_in_two_languages():
    s = ENGINE.setup(3, 1)
    step = ENGINE.apply(s, {0: {"type": "resources", "space": 3}})
    ev = next(e for e in step["events"] if e["type"] == "resources")
    assert ENGINE.event_text(ev, "it") == "G1 prende lo spazio Risorsa 3 (2 Inviati)."
    assert ENGINE.event_text(ev, "de") == "S1 nimmt Rohstofffeld 3 (2 Gesandte)."
    assert ENGINE.event_text(ev, "en") == ev["text"] == "P1 takes resource space 3 (2 envoys)."
