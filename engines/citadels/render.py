"""The plain-text situation an email player sees (``render``).

It is all an email-only player sees, so it says everything the table shows.
The top is short, for a phone: the last round, your position, what is asked
of you now. Then the full table: every seat, the characters in play and what
they do, the purple districts in play and what they do, the Warlord's
targets with their prices.
"""

from __future__ import annotations

from engines.base import describe_actions

from . import data as D
from . import i18n as I
from . import moves as M
from . import rules as R
from .i18n import t
from .views import view as make_view

# What each character and purple district does is in the catalogs
# (lang/<code>.py, "chartext.<id>" and "purpletext.<id>"; README interpretations 3-11).


def _card(c: str, lang: str) -> str:
    d = D.DISTRICTS[c]
    return f"{I.value(lang, I.card(c))} [{t(lang, 'colour.' + d['colour'])} {d['cost']}]"


def _city(v: dict, s: int, lang: str) -> str:
    city = v["seats"][s]["city"]
    return ", ".join(_card(b["card"], lang) for b in city) if city else t(lang, "render.no_districts")


def _points(v: dict, s: int) -> int:
    return sum(D.DISTRICTS[b["card"]]["points"] for b in v["seats"][s]["city"])


def _prices(cards, lang: str) -> str:
    return ", ".join(f"{t(lang, 'district.' + c)} {R.destroy_price(c)}" for c in cards)


def warlord_targets(state: dict, v: dict, lang: str = "en") -> list[str]:
    """Every city's standing against the Warlord, with the price of each district."""
    out = []
    for st in v["seats"]:
        s = st["seat"]
        if not st["city"]:
            continue
        if st["complete"]:
            why = t(lang, "render.target_complete")
        elif v["bishop_seat"] == s:
            why = t(lang, "render.target_bishop")
        else:
            prices = sorted({b["card"] for b in st["city"] if b["card"] != "keep"},
                            key=lambda c: (R.destroy_price(c), c))
            why = _prices(prices, lang) or t(lang, "render.target_keep_only")
        out.append(f"{I.value(lang, I.seat(s))}: {why}")
    return out


def _top(state: dict, v: dict, seat: int | None, lang: str) -> list[str]:
    size = v["options"]["city_size"]
    lines = [t(lang, "render.head", round=v["round"], size=size)]
    if v["last_round"] and state["phase"] != R.PHASE_OVER:
        lines.append(t(lang, "render.last_round", seat=I.seat(v["first_complete"])))
    if seat is not None and state["phase"] != R.PHASE_OVER:
        st = v["seats"][seat]
        lead = max(len(x["city"]) for x in v["seats"])
        mine = [I.char_short(c) for c in v["my_characters"]] or t(lang, "render.none_yet")
        lines.append(t(lang, "render.you_crown" if st["crown"] else "render.you", seat=I.seat(seat), gold=st["gold"],
                       cards=st["hand_size"], city=len(st["city"]), size=size, points=_points(v, seat), lead=lead,
                       chars=mine))
        specs = M.actions(state, seat, lang)
        if specs:
            (d,) = M.decisions(state, lang)
            lines.append(t(lang, "render.now", prompt=d["prompt"]))
            if "turn" in v and v["turn"].get("drawn"):
                lines.append(t(lang, "render.drew", cards=", ".join(_card(c, lang) for c in v["turn"]["drawn"]),
                               keep=v["turn"]["keep_left"]))
            if "draft" in v and "offered" in v["draft"]:
                key = "render.offered_aside" if v["draft"]["discard_pending"] else "render.offered"
                lines.append(t(lang, key, chars=[I.char(c) for c in v["draft"]["offered"]]))
            if M.income_matters(state, seat):
                lines.append(t(lang, "render.beware", char=I.char_short(state["robbed"]),
                               forgo=M.command({"type": "forgo"}, lang)))
            if state["turn"] is not None and state["turn"]["char"] == "warlord":
                targets = R.destroy_targets(state, seat)
                if targets:
                    lines.append(t(lang, "render.may_destroy", targets="; ".join(
                        f"{I.value(lang, I.seat(s))}: {_prices(cs, lang)}" for s, cs in sorted(targets.items()))))
            lines.append(describe_actions(specs, lang))
        elif "draft" in v:
            lines.append(t(lang, "render.waiting_draft", seat=I.seat(v["draft"]["chooser"])))
        elif "turn" in v:
            lines.append(t(lang, "render.waiting_turn", char=I.char_short(v["turn"]["character"]),
                           seat=I.seat(v["turn"]["seat"])))
        elif "graveyard" in v:
            lines.append(t(lang, "render.waiting_graveyard", seat=I.seat(v["graveyard"]["seat"])))
    return lines


def _table(state: dict, v: dict, seat: int | None, lang: str) -> list[str]:
    lines = ["", t(lang, "render.table")]
    lines.append(t(lang, "render.bank", gold=v["bank"], deck=v["deck_size"], discard=len(v["discard"])))
    for st in v["seats"]:
        s = st["seat"]
        tags = [t(lang, f"render.tag_{tag}") for tag, on in
                (("crown", st["crown"]), ("you", s == seat), ("complete", st["complete"])) if on]
        chars = [I.char(c) for c in st["characters"]] or "-"
        line = t(lang, "render.seat", seat=I.seat(s), tags=f" ({', '.join(tags)})" if tags else "", gold=st["gold"],
                 cards=st["hand_size"], chars=chars, count=len(st["city"]), points=_points(v, s), city=_city(v, s, lang))
        lines.append(line[:1].upper() + line[1:])
    if v["aside_up"]:
        lines.append(t(lang, "render.aside_up", chars=[I.char(c) for c in v["aside_up"]]))
    lines.append(t(lang, "render.aside_down", count=v["aside_down_count"]))
    if v["killed"]:
        lines.append(t(lang, "render.murdered", char=I.char(v["killed"])))
    if v["robbed"]:
        lines.append(t(lang, "render.robbed", char=I.char(v["robbed"])))
    if v["calls"]:
        called = []
        for c in v["calls"]:
            name = t(lang, "char." + D.CHAR_BY_RANK[c["rank"]])
            what = I.value(lang, I.seat(c["seat"])) if c["result"] == "revealed" else t(lang, "render.call_" + c["result"])
            called.append(f"{name}: {what}")
        lines.append(t(lang, "render.called", calls="; ".join(called)))
    if seat is not None:
        lines.append(t(lang, "render.hand", cards=", ".join(_card(c, lang) for c in v["hand"]) or t(lang, "render.empty")))
        if v["my_characters"]:
            lines.append(t(lang, "render.my_chars", chars=[I.char(c) for c in v["my_characters"]]))
        if v["aside_down_known"]:
            lines.append(t(lang, "render.my_aside", chars=[I.char(c) for c in v["aside_down_known"]]))
    if "draft" in v:
        d = v["draft"]
        lines.append(t(lang, "render.draft", seat=I.seat(d["chooser"]), count=d["pile_size"]))
    if "turn" in v:
        tu = v["turn"]
        lines.append(t(lang, "render.playing", char=I.char(tu["character"]), seat=I.seat(tu["seat"]), built=tu["built"],
                       allowed=tu["builds_allowed"]))
    if "graveyard" in v:
        g = v["graveyard"]
        lines.append(t(lang, "render.graveyard", seat=I.seat(g["seat"]), card=I.card(g["card"])))
    targets = warlord_targets(state, v, lang)
    if targets and state["phase"] != R.PHASE_OVER:
        lines.append(t(lang, "render.targets", targets="; ".join(targets)))
    if state["phase"] != R.PHASE_OVER:
        lines.append(t(lang, "render.in_play"))
        for cid in D.CHAR_IDS:
            if cid not in v["aside_up"]:
                lines.append(f"  {D.RANK[cid]} {I.value(lang, I.char_short(cid))}"
                             + ("" if lang != "en" else f" ({D.CHAR_DE[cid]})") + f": {t(lang, 'chartext.' + cid)}")
        lines.append("  " + t(lang, "render.income_note", income=M.command({"type": "income"}, lang),
                              end=M.command({"type": "end"}, lang), forgo=M.command({"type": "forgo"}, lang)))
    purple = sorted({b["card"] for st in v["seats"] for b in st["city"] if D.DISTRICTS[b["card"]]["colour"] == "purple"}
                    | {c for c in v.get("hand", []) if D.DISTRICTS[c]["colour"] == "purple"})
    if purple:
        lines.append(t(lang, "render.purple"))
        lines += [f"  {I.value(lang, I.card(c))}: {t(lang, 'purpletext.' + c, gold=D.LABORATORY_GOLD, price=D.SMITHY_PRICE, count=D.SMITHY_CARDS, graveyard=D.GRAVEYARD_PRICE, lab=M.command({'type': 'laboratory', 'card': 'market'}, lang), smithy=M.command({'type': 'smithy'}, lang))}"
                  for c in purple]
    if "outcome" in v:
        out = v["outcome"]
        lines.append(t(lang, "render.over"))
        for s, det in enumerate(out["detail"]["seats"]):
            line = t(lang, "render.result", seat=I.seat(s), rank=out["ranks"][s], total=det["total"],
                     districts=det["districts"], colours=det["colours"], complete=det["complete"])
            lines.append(line[:1].upper() + line[1:])
    return lines


def render(state: dict, seat: int | None, lang: str = "en") -> str:
    v = make_view(state, seat)
    return "\n".join(_top(state, v, seat, lang) + _table(state, v, seat, lang))
