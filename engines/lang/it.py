"""Testi comuni a tutti i giochi, in italiano."""

MESSAGES = {
    "nothing_asked": "Per ora non ti si chiede nulla.",
    "allowed_now": "Ora puoi: {actions}",
    "action_eg": "{label} (per es. `{example}`)",
    "not_an_object": 'Una mossa è un oggetto con un "type". {allowed}',
    "cannot_now": "Ora non puoi fare «{type}». {allowed}",
    "unknown_fields": "Campo/i sconosciuto/i per {type}: {fields}. Attesi: {expected}.",
    "none": "nessuno",
    "needs_field": "{type} richiede {name}. Esempio: `{example}`.",
    "bad_field": "{name} di {type} non è ammesso: {error}. Esempio: `{example}`.",
    "no_command": "Il messaggio non contiene alcun comando. {allowed}",
    "unknown_command": "«{line}» non è un comando che conosco. {allowed}",
    "player": "G{number}",
    "you": "tu",
    "and": "e",
    # what an action’s param must be (engines.schema_words)
    "must_be": "deve essere {what}",
    "one_of": "uno tra {choices}",
    "number_between": "un numero intero da {minimum} a {maximum}",
    "number": "un numero intero",
    "yes_or_no": "true o false",
    "list_of": "un elenco di {count} voci, ciascuna {what}",
    "count_range": "da {minimum} a {maximum}",
    "count_at_least": "almeno {minimum}",
    "text": "una parola",
    "value": "un valore",
}
