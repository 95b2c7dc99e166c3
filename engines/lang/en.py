"""Texts every engine shares, in English (the reference catalog)."""

MESSAGES = {
    "nothing_asked": "Nothing is asked of you now.",
    "allowed_now": "Allowed now: {actions}",
    "action_eg": "{label} (e.g. `{example}`)",
    "not_an_object": 'An action is an object with a "type". {allowed}',
    "cannot_now": "You cannot {type} now. {allowed}",
    "unknown_fields": "Unknown field(s) for {type}: {fields}. Expected: {expected}.",
    "none": "none",
    "needs_field": "{type} needs {name}. Example: `{example}`.",
    "bad_field": "{name} of {type} is not allowed: {error}. Example: `{example}`.",
    "no_command": "The message holds no command. {allowed}",
    "unknown_command": "'{line}' is not a command I know. {allowed}",
    "player": "P{number}",
    "you": "you",
    "and": "and",
    # what an action’s param must be (engines.schema_words)
    "must_be": "it must be {what}",
    "one_of": "one of {choices}",
    "number_between": "a whole number from {minimum} to {maximum}",
    "number": "a whole number",
    "yes_or_no": "true or false",
    "list_of": "a list of {count}, each {what}",
    "count_range": "{minimum} to {maximum}",
    "count_at_least": "at least {minimum}",
    "text": "a word",
    "value": "a value",
}
