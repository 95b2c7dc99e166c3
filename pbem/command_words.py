"""The words of the mail commands in every language of the site.

A player may write a command in any language, whatever their account's
language: `hilfe`, `aiuto`, `aide` and `help` are one command. ``canonical``
turns a line whose first word is such a command word into the English
command the mail channel dispatches (`urlaub 5` -> `vacation 5`, `accetta
sfida 12` -> `accept challenge 12`); a line that is no command is returned
as None and goes to the game's engine unchanged. A word is taken only where
it means one command in every language (checked at import), so a line is
never read two ways. ``word(command, lang)`` is the reader's word for help
texts.

Accents and case do not matter (`état`, `etat`, `ÉTAT`).
"""

from __future__ import annotations

import unicodedata

# command -> language -> the words that mean it (the first is the one help shows)
COMMANDS: dict[str, dict[str, tuple[str, ...]]] = {
    "help": {"en": ("help",), "de": ("hilfe",), "it": ("aiuto",), "fr": ("aide",)},
    "status": {"en": ("status",), "de": ("stand", "status"), "it": ("stato", "situazione"), "fr": ("etat", "situation")},
    "games": {"en": ("games",), "de": ("spiele", "partien"), "it": ("partite",), "fr": ("parties",)},
    "join": {"en": ("join",), "de": ("beitreten",), "it": ("entra",), "fr": ("rejoindre",)},
    "resign": {"en": ("resign",), "de": ("aufgeben",), "it": ("abbandona",), "fr": ("abandonner", "abandon")},
    "vacation": {"en": ("vacation", "holiday"), "de": ("urlaub",), "it": ("vacanza", "ferie"), "fr": ("vacances",)},
    "notify": {"en": ("notify",), "de": ("benachrichtigung", "mails"), "it": ("notifiche", "avvisi"), "fr": ("avis", "notifications")},
    "unsubscribe": {"en": ("unsubscribe",), "de": ("abbestellen",), "it": ("disiscrivi",), "fr": ("desabonner",)},
    "undo": {"en": ("undo",), "de": ("zuruecknehmen", "zurücknehmen"), "it": ("annulla",), "fr": ("annuler",)},
    "language": {"en": ("language",), "de": ("sprache",), "it": ("lingua",), "fr": ("langue",)},
    # orders given in advance (pbem.email.orders)
    "then": {"en": ("then",), "de": ("dann",), "it": ("poi",), "fr": ("puis",)},
    "else": {"en": ("else",), "de": ("sonst",), "it": ("altrimenti",), "fr": ("sinon",)},
    "standing": {"en": ("standing",), "de": ("dauerauftrag",), "it": ("permanente",), "fr": ("permanent",)},
    "seek": {"en": ("seek",), "de": ("suche", "suchen"), "it": ("cerca",), "fr": ("cherche", "chercher")},
    "accept": {"en": ("accept",), "de": ("annehmen",), "it": ("accetta",), "fr": ("accepter", "accepte")},
    "decline": {"en": ("decline",), "de": ("ablehnen",), "it": ("rifiuta",), "fr": ("refuser", "refuse")},
}

# The words after a command word: `notify digest`, `notify board off`, `accept challenge 12`.
ARGUMENTS: dict[str, dict[str, tuple[str, ...]]] = {
    # `every` is also the `all` of `standing off all` (`dauerauftrag aus alle`)
    "every": {"en": ("every", "every_move", "all"), "de": ("jeder", "jede", "alle"), "it": ("ogni", "tutte", "tutti"),
              "fr": ("chaque", "tout", "tous", "toutes")},
    "digest": {"en": ("digest",), "de": ("zusammenfassung",), "it": ("riepilogo",), "fr": ("resume",)},
    # also what withdraws orders: `then off`, `standing off 2` (`dann aus`, `permanente ritira 2`, `puis retirer`)
    "off": {"en": ("off", "withdraw", "none"), "de": ("aus", "zurückziehen", "keine"), "it": ("spente", "nessuna", "ritira", "nessuno"),
            "fr": ("aucun", "arret", "retirer", "aucune")},
    "on": {"en": ("on",), "de": ("an", "ein"), "it": ("accese", "attive"), "fr": ("actif", "marche")},
    "board": {"en": ("board", "picture", "image"), "de": ("spielplan", "bild"), "it": ("tabellone", "immagine"), "fr": ("plateau",)},
    "challenge": {"en": ("challenge",), "de": ("herausforderung",), "it": ("sfida",), "fr": ("defi",)},
}

# Language names a player may write after `language` (codes work too).
LANGUAGE_NAMES: dict[str, tuple[str, ...]] = {
    "de": ("deutsch", "german", "tedesco", "allemand"),
    "it": ("italiano", "italian", "italienisch", "italien"),
    "fr": ("francais", "french", "franzoesisch", "französisch", "francese"),
    "en": ("english", "englisch", "inglese", "anglais"),
}


def fold(word: str) -> str:
    """Lower case, no accents, no trailing punctuation: `État:` -> `etat`."""
    word = unicodedata.normalize("NFKD", word.strip().lower().rstrip(":.,!;"))
    return "".join(c for c in word if not unicodedata.combining(c)).replace("ß", "ss")


def _index(table: dict[str, dict[str, tuple[str, ...]]]) -> dict[str, str]:
    out: dict[str, str] = {}
    for canonical, by_language in table.items():
        for words in by_language.values():
            for w in words:
                key = fold(w)
                if out.get(key, canonical) != canonical:
                    raise ValueError(f"the word {w!r} means both {out[key]!r} and {canonical!r}")
                out[key] = canonical
    return out


_COMMAND = _index(COMMANDS)
_ARGUMENT = _index(ARGUMENTS)
_LANGUAGE = {fold(w): code for code, words in LANGUAGE_NAMES.items() for w in words}


def canonical(line: str) -> str | None:
    """The line as the English command it is, or None when its first word is
    no command word in any language."""
    words = line.split()
    if not words:
        return None
    command = _COMMAND.get(fold(words[0]))
    if command is None:
        return None
    rest = words[1:]
    if command in ("notify", "accept", "decline"):  # their arguments are words too (`notify digest`)
        rest = [_ARGUMENT.get(fold(w), w) for w in rest]
    # withdrawing orders: `dann aus`, `dauerauftrag aus 2`, `permanente ritira tutti`; the rest of
    # any other `then` or `standing` line is the game's command or order, left as written
    withdraw = bool(rest) and _ARGUMENT.get(fold(rest[0])) == "off"
    if command == "then" and withdraw and len(rest) == 1:
        rest = ["off"]
    elif command == "standing" and withdraw:
        rest = ["off", *("all" if _ARGUMENT.get(fold(w)) == "every" else w for w in rest[1:])]
    return " ".join([command, *rest])


def all_words() -> set[str]:
    """Every command word of every language, folded: a line starting with one
    is meant as a command (the mail channel says so when it fails)."""
    return set(_COMMAND)


def language_code(word: str) -> str | None:
    """`deutsch`, `Italiano`, `français`, `fr`, `de-AT` -> the language's code;
    None for a word that names none."""
    key = fold(word)
    if key in _LANGUAGE:
        return _LANGUAGE[key]
    return key.replace("_", "-").split("-")[0] or None


def word(command: str, lang: str) -> str:
    """The word help shows a reader of ``lang`` for ``command``."""
    by_language = COMMANDS.get(command) or ARGUMENTS.get(command) or {}
    return (by_language.get(lang) or by_language.get("en") or (command,))[0]
