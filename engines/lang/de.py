"""Texte, die alle Spiele teilen, auf Deutsch."""

MESSAGES = {
    "nothing_asked": "Im Moment ist nichts von dir gefragt.",
    "allowed_now": "Jetzt möglich: {actions}",
    "action_eg": "{label} (z. B. `{example}`)",
    "not_an_object": 'Ein Zug ist ein Objekt mit einem "type". {allowed}',
    "cannot_now": "„{type}“ geht jetzt nicht. {allowed}",
    "unknown_fields": "Unbekannte Angabe(n) für {type}: {fields}. Erwartet: {expected}.",
    "none": "keine",
    "needs_field": "{type} braucht die Angabe {name}. Beispiel: `{example}`.",
    "bad_field": "{name} bei {type} ist so nicht möglich: {error}. Beispiel: `{example}`.",
    "no_command": "Die Nachricht enthält keinen Befehl. {allowed}",
    "unknown_command": "„{line}“ ist kein Befehl, den ich kenne. {allowed}",
    "player": "S{number}",
    "you": "du",
    "and": "und",
    # what an action’s param must be (engines.schema_words)
    "must_be": "erlaubt ist {what}",
    "one_of": "eines von {choices}",
    "number_between": "eine ganze Zahl von {minimum} bis {maximum}",
    "number": "eine ganze Zahl",
    "yes_or_no": "true oder false",
    "list_of": "eine Liste mit {count} Einträgen, jeder {what}",
    "count_range": "{minimum} bis {maximum}",
    "count_at_least": "mindestens {minimum}",
    "text": "ein Wort",
    "value": "ein Wert",
}
