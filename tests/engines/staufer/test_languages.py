"""The Staufer Dynasty: commands as players write them in Italian (the rulebook's
words), German, French and English, with articles, elisions and prepositions."""

import pytest

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
