"""Textes communs à tous les jeux, en français."""

MESSAGES = {
    "nothing_asked": "Rien ne vous est demandé pour l’instant.",
    "allowed_now": "Possible maintenant : {actions}",
    "action_eg": "{label} (par ex. `{example}`)",
    "not_an_object": "Une action est un objet avec un « type ». {allowed}",
    "cannot_now": "Vous ne pouvez pas faire « {type} » maintenant. {allowed}",
    "unknown_fields": "Champ(s) inconnu(s) pour {type} : {fields}. Attendu : {expected}.",
    "none": "aucun",
    "needs_field": "{type} demande {name}. Exemple : `{example}`.",
    "bad_field": "{name} de {type} n’est pas permis : {error}. Exemple : `{example}`.",
    "no_command": "Le message ne contient aucune commande. {allowed}",
    "unknown_command": "« {line} » n’est pas une commande que je connais. {allowed}",
    "player": "J{number}",
    "you": "vous",
    "and": "et",
    # what an action’s param must be (engines.schema_words)
    "must_be": "il faut {what}",
    "one_of": "l’un de {choices}",
    "number_between": "un nombre entier de {minimum} à {maximum}",
    "number": "un nombre entier",
    "yes_or_no": "true ou false",
    "list_of": "une liste de {count} éléments, chacun {what}",
    "count_range": "{minimum} à {maximum}",
    "count_at_least": "au moins {minimum}",
    "text": "un mot",
    "value": "une valeur",
}
