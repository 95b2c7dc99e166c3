"""The mail commands of orders given in advance (issue 25): ``then`` /
``else`` lines (orders for the next decision), ``standing`` (standing
orders) and ``undo`` (take the last move back). Thin: each calls one
pbem.services function and gives a part of the answer (pbem.email.answers.part,
its text a template of pbem.messages); what a player may write is in USAGE,
which the help shows."""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from pbem import command_words, selectors, services
from pbem.email.answers import part
from pbem.errors import InvalidRequest

WORDS = ("then", "else", "standing", "undo")

USAGE = (
    (pgettext_lazy("mail command usage", "then <cmd> / else <cmd>"),
     gettext_lazy("orders for your next decision, tried in order when it opens (the first the game accepts then is "
                  "played for you): `then pick king / else merchant / else architect`, or `else ...` on the lines "
                  "after `then`; `then` alone lists them, `then off` withdraws them")),
    (pgettext_lazy("mail command usage", "standing <order>"),
     gettext_lazy("a standing order for a choice the game asks again and again (`standing` alone lists yours and "
                  "the ones this game offers; `standing off 2` or `standing off all` withdraws)")),
    (pgettext_lazy("mail command usage", "undo"),
     gettext_lazy("take back your last move, while nobody has acted since and it drew nothing, used no chance and "
                  "showed nothing hidden")),
)


def _is(word: str, command: str) -> bool:
    """``word`` is ``command`` in any language (`sonst` is `else`)."""
    return (command_words.canonical(word) or "").split()[:1] == [command]


def lines_join(read: list) -> list:
    """``else`` lines after a ``then`` line join it, so the list is given at
    once (``read``: the reply's lines, pbem.email.reply.reader.Line)."""
    out: list = []
    for item in read:
        text = item.text.strip()
        word = text.split(maxsplit=1)[0].lower() if text else ""
        last = next((x for x in reversed(out) if x.kind == "text"), None)
        then = last is not None and len(last.text.split()) > 1 and _is(last.text.split()[0], "then")
        if item.kind == "text" and _is(word, "else") and then:
            out[out.index(last)] = replace(last, text=last.text.rstrip() + " / " + text)
        else:
            out.append(item)
    return out


def command(*, game, seat: int, line: str) -> dict | None:
    """Run one order line of a game's address; None when it is none of them."""
    words = line.split()
    word = words[0].lower().rstrip(":.,!") if words else ""
    if word not in WORDS:
        return None
    rest = line.strip()[len(words[0]):].strip()
    if word == "undo":
        if rest:
            raise InvalidRequest(_("Write `undo` alone on its line."))
        services.move_take_back(game_id=game.pk, seat=seat)
        return part("undone")
    if word == "else":
        raise InvalidRequest(_("`else` follows a `then` line: `then pick king` and on the next line `else merchant`."))
    if word == "then":
        return _then(game, seat, rest)
    return _standing(game, seat, rest)


def _then(game, seat: int, rest: str) -> dict:
    if rest.lower() in ("off", "none", "withdraw"):
        services.orders_withdraw(game_id=game.pk, seat=seat)
        return part("orders", withdrawn=True)
    if not rest:
        mine = selectors.orders_of(game=game, seat=game.seats.get(index=seat))["next"]
        otherwise = command_words.word("else", selectors.reader_language())  # `sonst`, `altrimenti`, `sinon`
        return part("orders", listed=f" / {otherwise} ".join(selectors.candidates_said(game=game, seat=seat, candidates=mine)))
    candidates = []
    for given in rest.split("/"):
        given = given.strip()
        if given.split() and _is(given.split()[0], "else"):  # `/ else`, `/ sonst`, `/ altrimenti`, `/ sinon`
            given = given[len(given.split()[0]):].strip()
        if given:
            candidates.append(given)
    out = services.orders_set(game_id=game.pk, seat=seat, candidates=candidates)
    if out["played"]:
        return part("orders", played=out["played"])
    return part("orders", kept=" / ".join(candidates))


def _standing(game, seat: int, rest: str) -> dict:
    row = game.seats.get(index=seat)
    words = rest.lower().split()
    if words[:1] in (["off"], ["withdraw"]):
        mine = selectors.orders_of(game=game, seat=row)["standing"]
        if words[1:] == ["all"]:
            for o in mine:
                services.standing_order_withdraw(game_id=game.pk, seat=seat, order_id=o["id"])
            return part("standing", withdrawn_all=len(mine))
        if len(words) != 2 or not words[1].isdigit() or not 1 <= int(words[1]) <= len(mine):
            raise InvalidRequest(
                _("Write `standing off` and the number of the order in `standing` (1-%(count)s), or `standing off all`.")
                % {"count": len(mine) or 1}
            )
        services.standing_order_withdraw(game_id=game.pk, seat=seat, order_id=mine[int(words[1]) - 1]["id"])
        return part("standing", withdrawn=words[1])
    if not rest:
        orders = selectors.orders_of(game=game, seat=row)
        return part(
            "standing",
            word=command_words.word("standing", selectors.reader_language()),  # `dauerauftrag` for a German reader
            mine=[o["command"] for o in orders["standing"]],
            offered=[{"example": s["example"], "label": str(s["label"])} for s in orders["standing_specs"]],
        )
    order = services.standing_order_add(game_id=game.pk, seat=seat, order=rest)
    return part("standing", kept=selectors.standing_said(game=game, order=order.order))
