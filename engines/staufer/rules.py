"""The Staufer Dynasty: setup and the rules as pure functions over a JSON state.

State layout (all JSON):
    players, round (1-5), stage ("turns" | "round_end" | "over"), rng
    regions        the six region ids clockwise around the action board
    king           the king's region
    offices        {region: [{value, noble, occ: [[seat, "envoy"|"noble"], ...], chests: [...]}, ...]}
    tiles          {region: [1st, 2nd, 3rd]} scoring tile values
    payment        {region: [[envoys, nobles] per seat]} payment areas
    province       [[envoys, nobles] per seat]   court: the same
    res_chests     five lists of chests under the resource spaces
    draw, discard  chest piles (draw face down)
    held           [{chest kind: count} per seat]
    privileges     [[numbers] per seat]; vp_priv [value taken per seat]
    priv_supply    {"n": copies}; vp_stack [values, bottom first]
    score          [points per seat]
    order          seats on the turn-order track, top first
    res_track      seats on the resource track, top first
    place_track    seats on the placement track, bottom first
    rows           {"A": [5 regions], "B": [5 conditions], "C": [4 king moves]} (row = round)
    objectives     [{region, path, office} per seat]; objective_box the cards left in the box
    turn           {"armed": [...]} chests armed for the current turn
    pending        choices to make before play goes on (picks, privilege exchanges, immunity)
    tasks          the remaining steps of the round end
    scored, immune the regions scored this round, figures made immune
"""

from __future__ import annotations

import json
from functools import lru_cache

from engines.base import IllegalAction
from engines.rng import Rng

from . import data as D
from . import i18n as I

KIND = {"envoy": 0, "noble": 1}
KINDS = ("envoy", "noble")
PRIVILEGE_CHOICES = ("first_game", "alternative", "synergies", "raining_points", "quantity", "random", "custom")


def pname(seat: int) -> str:
    return f"P{seat + 1}"


def rname(region: str) -> str:
    return D.REGION_NAMES[region]


# --- setup ---------------------------------------------------------------------


def office_table(players: int) -> dict:
    side = D.OFFICES_2 if players == 2 else D.OFFICES_3_5
    return {r: [o for o in side[r] if o[2] <= players] for r in D.REGIONS}


def privilege_set(options: dict, rng: Rng) -> list[int]:
    choice = options.get("privileges", "first_game")
    if choice == "first_game":
        return list(D.FIRST_GAME_SET)
    if choice in D.PRIVILEGE_SETS:
        return list(D.PRIVILEGE_SETS[choice])
    if choice == "random":
        rest = rng.sample([p for p in range(1, 17) if p not in D.RANDOM_SET_FIXED], 4)
        return sorted(list(D.RANDOM_SET_FIXED) + rest)
    if choice == "custom":
        chosen = options.get("custom_privileges", [1, 2, 3, 4, 5, 6])
        if len(chosen) != 6 or len(set(chosen)) != 6 or not all(isinstance(p, int) and 1 <= p <= 16 for p in chosen):
            raise ValueError("custom_privileges must be 6 different privilege numbers from 1 to 16")
        return sorted(chosen)
    raise ValueError(f"unknown privilege set {choice!r}; choose one of {', '.join(PRIVILEGE_CHOICES)}")


def snake_order(players: int) -> list[int]:
    first = list(range(players))
    back = list(reversed(first))
    return first + back + back


def setup(players: int, seed: int, options: dict | None = None) -> dict:
    options = dict(options or {})
    rng = Rng.from_seed(seed)
    regions = rng.shuffled(list(D.REGIONS))
    tiles_src = D.SCORING_TILES_2 if players == 2 else D.SCORING_TILES_3_5
    tiles = rng.shuffled([list(t) for t in tiles_src])
    draw = [kind for kind, count in sorted(D.CHEST_MIX.items()) for _ in range(count)]
    rng.shuffle(draw)
    res_chests = [[draw.pop()] for _ in D.RESOURCE_SPACES]
    table = office_table(players)
    offices = {}
    for r in regions:
        offices[r] = [{"value": v, "noble": n, "occ": [], "chests": [draw.pop()]} for (v, n, _m) in table[r]]
    privs = privilege_set(options, rng)
    copies = D.PRIVILEGE_COPIES[players]
    priv_supply = {str(p): copies for p in privs if p != 1}
    vp_stack = list(D.VP_PRIVILEGE_VALUES[: D.VP_PRIVILEGES_PER_COUNT[players]]) if 1 in privs else []
    row_a = rng.shuffled(list(D.REGIONS))
    row_b = rng.shuffled(list(D.CONDITION_TILES))[:5]
    row_c = rng.shuffled(list(D.KING_MOVE_TILES))[:4]
    region_cards = rng.shuffled(list(D.REGIONS))
    path_cards = rng.shuffled(sorted(D.PATH_CARDS))
    office_cards = rng.shuffled(list(D.OFFICE_CARDS))
    objectives = [{"region": region_cards[s], "path": path_cards[s], "office": office_cards[s]} for s in range(players)]
    box = {"region": sorted(region_cards[players:]), "path": sorted(path_cards[players:]),
           "office": sorted(office_cards[players:])}
    e0, n0 = D.START_COURT
    state = {
        "players": players,
        "options": {"privileges": options.get("privileges", "first_game"),
                    "custom_privileges": list(options.get("custom_privileges", [1, 2, 3, 4, 5, 6]))},
        "privilege_set": privs,
        "round": 1,
        "stage": "turns",
        "regions": regions,
        "king": row_a[5],
        "offices": offices,
        "tiles": {r: tiles[i] for i, r in enumerate(regions)},
        "payment": {r: [[0, 0] for _ in range(players)] for r in regions},
        "province": [[D.ENVOYS_PER_COLOUR - e0, D.NOBLES_PER_COLOUR - n0] for _ in range(players)],
        "court": [[e0, n0] for _ in range(players)],
        "res_chests": res_chests,
        "draw": draw,
        "discard": [],
        "held": [{} for _ in range(players)],
        "privileges": [[] for _ in range(players)],
        "vp_priv": [0] * players,
        "priv_supply": priv_supply,
        "vp_stack": vp_stack,
        "score": [0] * players,
        "order": snake_order(players),
        "res_track": [],
        "place_track": [],
        "rows": {"A": row_a[:5], "B": row_b, "C": row_c},
        "objectives": objectives,
        "objective_box": box,
        "turn": {"armed": []},
        "pending": [],
        "tasks": [],
        "scored": [],
        "immune": [],
        "final": None,
        "rng": rng.state,
    }
    return state


# --- small helpers -----------------------------------------------------------------


class Ctx:
    def __init__(self, state: dict):
        self.s = state
        self.rng = Rng(state["rng"])
        self.events: list = []
        self.fresh: list = []

    def log(self, type_: str, key: str, args: dict | None = None, to="all", **data):
        """An event written from the catalog (engines/staufer/lang): its English text
        now, and any language later from data["msg"]."""
        self.events.append(I.say(type_, key, args, to, **data))


def ridx(state: dict, region: str) -> int:
    return state["regions"].index(region)


def dist(state: dict, frm: str, to: str) -> int:
    """Regions clockwise from ``frm`` to ``to`` (0 when equal)."""
    return (ridx(state, to) - ridx(state, frm)) % 6


def region_after(state: dict, region: str, steps: int) -> str:
    return state["regions"][(ridx(state, region) + steps) % 6]


def has_priv(state: dict, seat: int, p: int) -> bool:
    return p in state["privileges"][seat]


def held(state: dict, seat: int, kind: str) -> int:
    return state["held"][seat].get(kind, 0)


def add_held(state: dict, seat: int, kind: str, n: int) -> None:
    h = state["held"][seat]
    h[kind] = h.get(kind, 0) + n
    if h[kind] <= 0:
        del h[kind]


def figures_on_offices(state: dict, seat: int, region: str) -> list[tuple[int, int, str]]:
    """(office index, slot, kind) of ``seat``'s figures on ``region``'s offices."""
    out = []
    for i, o in enumerate(state["offices"][region]):
        for j, (s, k) in enumerate(o["occ"]):
            if s == seat:
                out.append((i, j, k))
    return out


def gain_points(ctx: Ctx, seat: int, points: int, why: str) -> None:
    if points:
        ctx.s["score"][seat] += points
        ctx.log("points", "ev.points", {"player": I.player(seat), "points": points, "why": why},
                seat=seat, points=points, why=I.en(why))


def take_one(state: dict, seat: int, k: int) -> bool:
    """One figure of kind ``k`` to the court: from the province, else from a payment
    area (the king's region first, then counter-clockwise: those the king reaches last)."""
    if state["province"][seat][k] > 0:
        state["province"][seat][k] -= 1
        state["court"][seat][k] += 1
        return True
    for d in (0, 5, 4, 3, 2, 1):
        r = region_after(state, state["king"], d)
        if state["payment"][r][seat][k] > 0:
            state["payment"][r][seat][k] -= 1
            state["court"][seat][k] += 1
            return True
    return False


def can_take(state: dict, seat: int, k: int) -> bool:
    return state["province"][seat][k] > 0 or any(state["payment"][r][seat][k] > 0 for r in state["regions"])


def take_figures(ctx: Ctx, seat: int, envoys: int, nobles: int, why: str) -> None:
    got = [0, 0]
    for _ in range(nobles):
        if take_one(ctx.s, seat, 1):
            got[1] += 1
        elif take_one(ctx.s, seat, 0):  # no noble left anywhere: an envoy instead
            got[0] += 1
    for _ in range(envoys):
        if take_one(ctx.s, seat, 0):
            got[0] += 1
    if got != [0, 0]:
        ctx.log("figures", "ev.figures", {"player": I.player(seat), "figures": I.figures(*got), "why": why},
                seat=seat, envoys=got[0], nobles=got[1], why=I.en(why))


def fig_text(pair) -> str:
    parts = []
    if pair[0]:
        parts.append(f"{pair[0]} envoy" + ("s" if pair[0] != 1 else ""))
    if pair[1]:
        parts.append(f"{pair[1]} noble" + ("s" if pair[1] != 1 else ""))
    return " and ".join(parts) or "no figures"


def draw_chest(ctx: Ctx) -> str | None:
    s = ctx.s
    if not s["draw"]:
        if not s["discard"]:
            return None
        s["draw"] = ctx.rng.shuffled(sorted(s["discard"]))
        s["discard"] = []
        ctx.log("reshuffle", "ev.reshuffle")
    return s["draw"].pop()


def available_privileges(state: dict, seat: int) -> list[int]:
    mine = state["privileges"][seat]
    out = []
    if state["vp_stack"] and 1 not in mine:
        out.append(1)
    out += sorted(int(p) for p, c in state["priv_supply"].items() if c > 0 and int(p) not in mine)
    return out


def can_exchange(state: dict, seat: int) -> bool:
    return held(state, seat, "purple") >= 2 and bool(available_privileges(state, seat))


def gain_chests(ctx: Ctx, seat: int, chests: list[str], why: str) -> None:
    s = ctx.s
    purple = 0
    for c in chests:
        ctx.log("chest", "ev.chest", {"player": I.player(seat), "chest": I.chest(c), "why": why},
                seat=seat, chest=c, why=I.en(why))
        if c.startswith("orange"):
            if has_priv(s, seat, 16):
                gain_points(ctx, seat, 2, I.why("privilege", number=16))
            if c == "orange-first":
                add_held(s, seat, c, 1)  # kept until the family member next moves (README)
                continue
            what = c[len("orange-"):]
            if what.startswith("vp"):
                gain_points(ctx, seat, int(what[2:]), I.why("orange"))
            elif what.startswith("envoy"):
                take_figures(ctx, seat, int(what[5:]), 0, I.why("orange"))
            elif what == "noble":
                take_figures(ctx, seat, 0, 1, I.why("orange"))
            s["discard"].append(c)
        else:
            add_held(s, seat, c, 1)
            if c == "purple":
                purple += 1
    if purple and can_exchange(s, seat):
        ctx.fresh.append({"kind": "purple", "seat": seat, "count": purple})


def drop_stale_exchanges(ctx: Ctx) -> None:
    """An exchange queued behind another answer is checked again when its turn comes:
    the earlier answer may have taken the last privilege this seat could take, or the
    purple chests it would discard (two exchanges queued for one seat holding 3)."""
    pending = ctx.s["pending"]
    while pending and pending[0]["kind"] == "purple" and not can_exchange(ctx.s, pending[0]["seat"]):
        item = pending.pop(0)
        seat = item["seat"]
        key = "ev.lapses_chests" if held(ctx.s, seat, "purple") < 2 else "ev.lapses_cards"
        ctx.log("exchange_lapses", key, {"player": I.player(seat)}, seat=seat)


def take_privilege(ctx: Ctx, seat: int, p: int) -> None:
    s = ctx.s
    add_held(s, seat, "purple", -2)
    s["discard"] += ["purple", "purple"]
    s["privileges"][seat].append(p)
    s["privileges"][seat].sort()
    if p == 1:
        value = s["vp_stack"].pop()
        s["vp_priv"][seat] = value
        ctx.log("privilege", "ev.privilege1", {"player": I.player(seat), "points": value}, seat=seat, privilege=1)
        gain_points(ctx, seat, value, I.why("privilege", number=1))
    else:
        s["priv_supply"][str(p)] -= 1
        ctx.log("privilege", "ev.privilege", {"player": I.player(seat), "number": p}, seat=seat, privilege=p)


# --- movement and placement ---------------------------------------------------------


def movement_regions(state: dict, seat: int, target: str, chest: bool) -> tuple[list[str], bool]:
    """The payment areas that receive one figure each for the movement, and whether the
    armed movement chest is spent (only when it saves something)."""
    king = state["king"]
    d = dist(state, king, target)
    if d == 0:
        return [], False
    options = [[region_after(state, king, i) for i in range(1, d + 1)]]
    p10, p11 = has_priv(state, seat, 10), has_priv(state, seat, 11)
    if p10 and p11:
        options.append([])
    if p10:
        options.append([target])
    if p11:
        options.append([region_after(state, king, i) for i in range(3, d + 1)])
    if has_priv(state, seat, 12) and d in (1, 5):
        options.append([])
    best = min(options, key=len)
    if best and chest:
        return [], True
    return best, False


def placement_count(state: dict, seat: int, value: int, chest: bool) -> tuple[int, bool]:
    """Figures paid for the office (the first goes on it), and whether the armed
    placement chest is spent."""
    options = [value]
    p4, p5 = has_priv(state, seat, 4), has_priv(state, seat, 5)
    if p4:
        options.append(3)
    if p5:
        options.append(value - 1)
    if p4 and p5:
        options.append(2)
    best = max(1, min(options))
    if best > 1 and chest:
        return 1, True
    return best, False


def track_envoy(state: dict, seat: int, first: bool) -> bool:
    """Does moving to the placement track now bring an envoy to the court?"""
    if first:
        return False
    return len(state["place_track"]) < D.PLACEMENT_ENVOY_SPACES[state["players"]] and can_take(state, seat, 0)


def plan_placement(state: dict, seat: int, region: str, office: int, figure: str, double: bool,
                   lang: str = "en") -> dict:
    """Everything a placement costs, or IllegalAction saying why it cannot be done.
    ``office`` is 1-based, left to right."""
    if region not in state["offices"]:
        raise IllegalAction(I.t(lang, "err.no_region", word=region, regions=[I.region(r) for r in state["regions"]]))
    offices = state["offices"][region]
    if not 1 <= office <= len(offices):
        raise IllegalAction(I.t(lang, "err.offices", region=I.region(region), count=len(offices)))
    o = offices[office - 1]
    if o["noble"] and figure != "noble":
        raise IllegalAction(I.t(lang, "err.noble_office", office=office, region=I.region(region)))
    if double:
        if not has_priv(state, seat, 3):
            raise IllegalAction(I.t(lang, "err.double_needs_3"))
        if figure != "envoy":
            raise IllegalAction(I.t(lang, "err.double_envoy"))
    if o["occ"]:
        if not has_priv(state, seat, 2):
            raise IllegalAction(I.t(lang, "err.occupied", office=office, region=I.region(region)))
        if len(o["occ"]) + 1 + (1 if double else 0) > D.MAX_PER_OFFICE:
            raise IllegalAction(I.t(lang, "err.full", office=office, region=I.region(region), most=D.MAX_PER_OFFICE))
    armed = state["turn"]["armed"]
    first = "orange-first" in armed
    move, move_chest = movement_regions(state, seat, region, "turquoise-move" in armed)
    count, place_chest = placement_count(state, seat, o["value"], "turquoise-place" in armed)
    place = [region_after(state, region, i) for i in range(1, count)]
    bonus = 1 if track_envoy(state, seat, first) else 0
    envoys, nobles = state["court"][seat][0] + bonus, state["court"][seat][1]
    need_e = (1 if figure == "envoy" else 0) + (1 if double else 0)
    need_n = 1 if figure == "noble" else 0
    if nobles < need_n:
        raise IllegalAction(I.t(lang, "err.no_noble"))
    if envoys < need_e:
        raise IllegalAction(I.t(lang, "err.no_envoys"))
    payments = len(move) + len(place)
    free_e, free_n = envoys - need_e, nobles - need_n
    if free_e + free_n < payments:
        total = payments + need_e + need_n
        raise IllegalAction(I.t(lang, "err.cost_double" if double else "err.cost", office=office,
                                region=I.region(region), total=total, move=len(move), count=count, have=envoys + nobles))
    pay_e = min(free_e, payments)
    return {
        "region": region, "office": office, "figure": figure, "double": double, "first": first,
        "move": move, "place": place, "move_chest": move_chest, "place_chest": place_chest,
        "pay": [pay_e, payments - pay_e], "track_envoy": bool(bonus), "cost": payments + need_e + need_n,
    }


def legal_placements(state: dict, seat: int) -> list[dict]:
    """Every placement ``seat`` can pay now: {region, office, figure, double, cost}.
    The same arithmetic as plan_placement, without building messages."""
    out = []
    armed = state["turn"]["armed"]
    first = "orange-first" in armed
    bonus = 1 if track_envoy(state, seat, first) else 0
    envoys, nobles = state["court"][seat][0] + bonus, state["court"][seat][1]
    p2, p3 = has_priv(state, seat, 2), has_priv(state, seat, 3)
    move_chest, place_chest = "turquoise-move" in armed, "turquoise-place" in armed
    for r in state["regions"]:
        move = len(movement_regions(state, seat, r, move_chest)[0])
        for i, o in enumerate(state["offices"][r]):
            occ = len(o["occ"])
            if occ and (not p2 or occ >= D.MAX_PER_OFFICE):
                continue
            count = placement_count(state, seat, o["value"], place_chest)[0]
            payments = move + count - 1
            for fig in KINDS:
                if o["noble"] and fig != "noble":
                    continue
                for double in ((False, True) if fig == "envoy" and p3 else (False,)):
                    if double and occ + 2 > D.MAX_PER_OFFICE:
                        continue
                    need_e = (fig == "envoy") + double
                    need_n = fig == "noble"
                    if envoys < need_e or nobles < need_n:
                        continue
                    if envoys - need_e + nobles - need_n < payments:
                        continue
                    out.append({"region": r, "office": i + 1, "figure": fig, "double": double,
                                "cost": payments + need_e + need_n})
    return out


def move_family_member(ctx: Ctx, seat: int, track: str) -> bool:
    """Moves the top family member; returns True when it was placed by the
    'first space' orange chest (always on top of the resource track)."""
    s = ctx.s
    top = s["order"].pop(0)
    assert top == seat
    if "orange-first" in s["turn"]["armed"]:
        add_held(s, seat, "orange-first", -1)
        s["discard"].append("orange-first")
        s["res_track"].insert(0, seat)
        ctx.log("track", "ev.track_first", {"player": I.player(seat)}, seat=seat)
        return True
    if track == "resources":
        s["res_track"].append(seat)
        ctx.log("track", "ev.track_resources", {"player": I.player(seat), "space": len(s["res_track"])}, seat=seat)
    else:
        s["place_track"].append(seat)
        pos = len(s["place_track"])
        ctx.log("track", "ev.track_placement", {"player": I.player(seat), "space": pos}, seat=seat)
        if pos <= D.PLACEMENT_ENVOY_SPACES[s["players"]]:
            take_figures(ctx, seat, 1, 0, I.why("placement_track"))
    return False


def do_place(ctx: Ctx, seat: int, region: str, office: int, figure: str, double: bool) -> None:
    s = ctx.s
    plan = plan_placement(s, seat, region, office, figure, double)
    move_family_member(ctx, seat, "placement")
    court = s["court"][seat]
    k = KIND[figure]
    court[k] -= 1
    if double:
        court[0] -= 1
    # payments: envoys first, then nobles, in the order move then place
    areas = plan["move"] + plan["place"]
    pay_e = plan["pay"][0]
    for n, r in enumerate(areas):
        kk = 0 if n < pay_e else 1
        court[kk] -= 1
        s["payment"][r][seat][kk] += 1
    assert court[0] >= 0 and court[1] >= 0
    if plan["move_chest"]:
        add_held(s, seat, "turquoise-move", -1)
        s["discard"].append("turquoise-move")
    if plan["place_chest"]:
        add_held(s, seat, "turquoise-place", -1)
        s["discard"].append("turquoise-place")
    o = s["offices"][region][office - 1]
    o["occ"].append([seat, figure])
    if double:
        o["occ"].append([seat, "envoy"])
    chests, o["chests"] = o["chests"], []
    used = [I.chest(c) for c, on in (("turquoise-move", plan["move_chest"]), ("turquoise-place", plan["place_chest"]))
            if on]
    ctx.log(
        "place",
        "ev.place_using" if used else "ev.place",
        {"player": I.player(seat), "what": I.term("place.double" if double else f"place.{figure}"), "office": office,
         "value": o["value"], "region": I.region(region), "move": len(plan["move"]), "pay": len(plan["place"]) + 1,
         "used": used},
        seat=seat, region=region, office=office, figure=figure, double=double,
        move=plan["move"], place=plan["place"],
    )
    if region == s["king"] and has_priv(s, seat, 6):
        gain_points(ctx, seat, 3 * (2 if double else 1), I.why("privilege", number=6))
    s["turn"]["armed"] = []
    if chests:
        gain_chests(ctx, seat, chests, I.why("office", office=office, region=I.region(region)))


def do_resources(ctx: Ctx, seat: int, space: int, chests_from: int | None) -> None:
    s = ctx.s
    move_family_member(ctx, seat, "resources")
    e, n = D.RESOURCE_SPACES[space - 1]
    ctx.log("resources", "ev.resources", {"player": I.player(seat), "space": space, "figures": I.figures(e, n)},
            seat=seat, space=space)
    take_figures(ctx, seat, e, n, I.why("resource_space", space=space))
    src = space
    if chests_from is not None:
        add_held(s, seat, "turquoise-resources", -1)
        s["discard"].append("turquoise-resources")
        src = chests_from
        ctx.log("chest_use", "ev.chest_use", {"player": I.player(seat), "space": src}, seat=seat)
    chests, s["res_chests"][src - 1] = s["res_chests"][src - 1], []
    s["turn"]["armed"] = []
    if chests:
        gain_chests(ctx, seat, chests, I.why("resource_space", space=src))
    if has_priv(s, seat, 7):
        take_figures(ctx, seat, 1, 0, I.why("privilege", number=7))
    if has_priv(s, seat, 8):
        c = draw_chest(ctx)
        if c:
            gain_chests(ctx, seat, [c], I.why("privilege", number=8))
    if has_priv(s, seat, 9):
        gain_points(ctx, seat, 2, I.why("privilege", number=9))


# --- region scoring -------------------------------------------------------------------


def ranking(state: dict, region: str) -> list[int]:
    """Seats with a figure on an office of ``region``, best first: offices count one
    each, nobles double; ties go to the leftmost office space."""
    strength: dict[int, int] = {}
    leftmost: dict[int, tuple[int, int]] = {}
    for i, o in enumerate(state["offices"][region]):
        for j, (seat, kind) in enumerate(o["occ"]):
            strength[seat] = strength.get(seat, 0) + (2 if kind == "noble" else 1)
            leftmost.setdefault(seat, (i, j))
    return sorted(strength, key=lambda s: (-strength[s], leftmost[s]))


def chests_in_region(state: dict, region: str) -> int:
    return sum(len(o["chests"]) for o in state["offices"][region])


def occupied_in_region(state: dict, region: str) -> int:
    return sum(len(o["occ"]) for o in state["offices"][region])


def condition_region(state: dict, condition: str) -> str:
    king = state["king"]
    by_dist = [region_after(state, king, d) for d in range(6)]
    if condition == "king":
        return king
    if condition == "fewest_chests":
        return min(by_dist, key=lambda r: chests_in_region(state, r))
    if condition == "most_offices":
        return max(by_dist, key=lambda r: occupied_in_region(state, r))  # max keeps the first of ties
    raise ValueError(condition)


def regions_to_score(state: dict) -> list[str]:
    rnd = state["round"] - 1
    first = state["rows"]["A"][rnd]
    second = condition_region(state, state["rows"]["B"][rnd])
    return [first] if second == first else [first, second]


def offer_pick(ctx: Ctx, seats: list[int], options: list[str], region: str) -> None:
    seats, options = list(seats), list(options)
    while seats and options:
        seat = seats[0]
        if len(set(options)) == 1:
            c = options.pop()
            seats = seats[1:]
            gain_chests(ctx, seat, [c], I.why("bonus", region=I.region(region)))
            continue
        ctx.fresh.append({"kind": "pick", "seat": seat, "options": sorted(options), "queue": seats[1:], "region": region})
        return
    if options:
        ctx.s["discard"] += options
        ctx.log("discard", "ev.discard", {"count": len(options), "region": I.region(region)}, chests=options)


def score_region(ctx: Ctx, region: str) -> None:
    s = ctx.s
    n = s["players"]
    ranks = ranking(s, region)
    ctx.log("scoring", "ev.scoring", {"region": I.region(region)}, region=region, ranking=ranks)
    if not ranks:
        return
    tile = s["tiles"][region]
    for pos, seat in enumerate(ranks):
        if pos < 2 or (pos == 2 and n >= 4):
            gain_points(ctx, seat, tile[pos], I.why(f"rank{pos + 1}", region=I.region(region)))
        if has_priv(s, seat, 14) and pos < 3 and (pos == 0 or n > 2):
            gain_points(ctx, seat, (3, 2, 1)[pos], I.why("privilege", number=14))
        if has_priv(s, seat, 15):
            gain_points(ctx, seat, 2, I.why("privilege", number=15))
    kind, amount = D.REGION_BONUS[region]
    if region == "augsburg" or region == "aachen":
        count = amount if amount != "players" else n
        drawn = [c for c in (draw_chest(ctx) for _ in range(count)) if c]
        if drawn:
            ctx.log("bonus_draw", "ev.bonus_draw", {"region": I.region(region), "chests": [I.chest(c) for c in drawn]},
                    chests=drawn)
        seats = ranks[:2] if region == "augsburg" else ranks
        offer_pick(ctx, seats, drawn, region)
    elif kind == "envoys":
        for pos, seat in enumerate(ranks[:2]):
            take_figures(ctx, seat, amount[pos], 0, I.why("bonus", region=I.region(region)))
    elif kind == "points":
        for pos, seat in enumerate(ranks[:2]):
            gain_points(ctx, seat, amount[pos], I.why("bonus", region=I.region(region)))
    elif kind == "envoys_each":
        for seat in ranks:
            take_figures(ctx, seat, amount, 0, I.why("bonus", region=I.region(region)))
    elif kind == "points_each":
        for seat in ranks:
            gain_points(ctx, seat, amount, I.why("bonus", region=I.region(region)))


# --- restoration ----------------------------------------------------------------------


def immunity_targets(state: dict, seat: int) -> list[tuple[str, int, int]]:
    """(region, office 1-based, slot 1-based) of figures ``seat`` could make immune."""
    out = []
    for r in state["scored"]:
        for i, j, _k in figures_on_offices(state, seat, r):
            if [r, i + 1, j + 1] not in state["immune"]:
                out.append((r, i + 1, j + 1))
    return out


def immunity_eligible(state: dict, seat: int) -> bool:
    return held(state, seat, "turquoise-immunity") > 0 and bool(immunity_targets(state, seat))


def restore(ctx: Ctx) -> None:
    s = ctx.s
    n = s["players"]
    for r in s["scored"]:
        for i, o in enumerate(s["offices"][r]):
            stay = []
            for j, (seat, kind) in enumerate(o["occ"]):
                if [r, i + 1, j + 1] in s["immune"]:
                    stay.append([seat, kind])
                    continue
                dest = "court" if has_priv(s, seat, 13) else "province"
                s[dest][seat][KIND[kind]] += 1
            o["occ"] = stay
        ctx.log("restore", "ev.restore", {"region": I.region(r)}, region=r)
    for r in s["scored"]:
        for o in s["offices"][r]:
            c = draw_chest(ctx)
            if c:
                o["chests"].append(c)
    for space in s["res_chests"]:
        c = draw_chest(ctx)
        if c:
            space.append(c)
    steps = s["rows"]["C"][s["round"] - 1]
    start = s["king"]
    for step in range(1, steps + 1):
        r = region_after(s, start, step)
        for seat in range(n):
            pay = s["payment"][r][seat]
            s["court"][seat][0] += pay[0]
            s["court"][seat][1] += pay[1]
            s["payment"][r][seat] = [0, 0]
    s["king"] = region_after(s, start, steps)
    ctx.log("king", "ev.king", {"steps": steps, "region": I.region(s["king"])}, king=s["king"], steps=steps)
    s["order"] = s["res_track"] + list(reversed(s["place_track"]))
    s["res_track"], s["place_track"] = [], []
    s["scored"], s["immune"] = [], []
    s["round"] += 1
    s["stage"] = "turns"
    s["turn"] = {"armed": []}
    ctx.log("round", "ev.round", {"round": s["round"], "order": [I.player(x) for x in s["order"]]}, round=s["round"])


# --- final scoring --------------------------------------------------------------------


def path_instances(shape: tuple) -> list[tuple[int, ...]]:
    seen = []
    for rot in range(6):
        inst = tuple(sorted((x + rot) % 6 for x in shape))
        if inst not in seen:
            seen.append(inst)
    return seen


def max_paths(counts: tuple[int, ...], shape: tuple) -> int:
    """How many times a path card scores: the largest number of rotations of ``shape``
    that can be chosen (with repetition) so that no region gives more figures than it
    holds. Solved exactly by search over multiplicities."""
    return _max_paths(tuple(counts), tuple(path_instances(shape)))


@lru_cache(maxsize=100_000)
def _max_paths(counts: tuple[int, ...], instances: tuple) -> int:
    if not instances:
        return 0
    inst, rest = instances[0], instances[1:]
    most = min(counts[p] for p in inst)
    best = 0
    for m in range(most, -1, -1):
        left = list(counts)
        for p in inst:
            left[p] -= m
        best = max(best, m + _max_paths(tuple(left), rest))
        # an upper bound: nothing can beat using every figure
        if best * len(inst) >= sum(counts) - (sum(counts) % len(inst)):
            break
    return best


def table_points(table, count: int) -> int:
    if count <= 0:
        return 0
    if count <= len(table):
        return table[count - 1]
    return table[-1] + D.OFFICE_EXTRA_POINTS * (count - len(table))


def office_values(state: dict, seat: int) -> list[int]:
    return [o["value"] for r in state["regions"] for o in state["offices"][r] for (s, _k) in o["occ"] if s == seat]


def office_card_points(card: str, values: list[int]) -> int:
    if card in D.OFFICE_VALUE_CARDS:
        v, table = D.OFFICE_VALUE_CARDS[card]
        return table_points(table, values.count(v))
    if card == "count":
        return table_points(D.OFFICE_COUNT_CARD, len(values))
    if card == "pairs":
        return D.PAIR_POINTS * sum(values.count(v) // 2 for v in set(values))
    if card == "sequence":
        return D.SEQUENCE_POINTS * min(values.count(3), values.count(4), values.count(5))
    raise ValueError(card)


def brown_points(count: int) -> int:
    full, rest = divmod(count, 5)
    return full * D.BROWN_SET_POINTS[5] + D.BROWN_SET_POINTS[rest]


def region_objective_points(state: dict, seat: int, region: str) -> int:
    ranks = ranking(state, region)
    if ranks[:1] == [seat]:
        return D.REGION_OBJECTIVE_POINTS[0]
    if state["players"] > 2 and len(ranks) > 1 and ranks[1] == seat:
        return D.REGION_OBJECTIVE_POINTS[1]
    return 0


def path_points(state: dict, seat: int, card: str) -> tuple[int, int]:
    shape, points = D.PATH_CARDS[card]
    counts = tuple(len(figures_on_offices(state, seat, r)) for r in state["regions"])
    times = max_paths(counts, shape)
    return times * points, times


def final_scoring(ctx: Ctx) -> None:
    s = ctx.s
    detail = []
    for seat in range(s["players"]):
        obj = s["objectives"][seat]
        values = office_values(s, seat)
        reg = region_objective_points(s, seat, obj["region"])
        path, times = path_points(s, seat, obj["path"])
        off = office_card_points(obj["office"], values)
        brown = brown_points(held(s, seat, "brown"))
        left = sum(c for k, c in s["held"][seat].items() if k.startswith("turquoise") or k == "purple")
        row = {"region": reg, "path": path, "path_times": times, "office": off, "brown": brown, "chests": left}
        for why, pts in (("region_objective", reg), ("path_objective", path), ("office_objective", off),
                         ("brown", brown), ("leftover", left)):
            gain_points(ctx, seat, pts, I.why(why))
        row["total"] = s["score"][seat]
        detail.append(row)
    # figures in the payment areas leave the board
    for r in s["regions"]:
        s["payment"][r] = [[0, 0] for _ in range(s["players"])]
    s["removed"] = True
    s["final"] = detail
    s["stage"] = "over"
    ctx.log("final", "ev.final", {"scores": [I.message("score", player=I.player(i), points=d["total"])
                                              for i, d in enumerate(detail)]}, detail=detail, objectives=s["objectives"])


# --- the driver ----------------------------------------------------------------------


def start_round_end(ctx: Ctx) -> None:
    s = ctx.s
    s["stage"] = "round_end"
    s["scored"] = regions_to_score(s)
    tasks = [{"do": "score", "region": r} for r in s["scored"]]
    if s["round"] < D.ROUNDS:
        tasks += [{"do": "immunity"}, {"do": "restore"}]
    else:
        tasks += [{"do": "final"}]
    s["tasks"] = tasks
    ctx.log("round_end", "ev.round_end", {"round": s["round"], "regions": [I.region(r) for r in s["scored"]]},
            regions=s["scored"])


def run_task(ctx: Ctx, task: dict) -> None:
    s = ctx.s
    if task["do"] == "score":
        score_region(ctx, task["region"])
    elif task["do"] == "immunity":
        for seat in range(s["players"]):
            if immunity_eligible(s, seat):
                ctx.fresh.append({"kind": "immunity", "seat": seat})
    elif task["do"] == "restore":
        restore(ctx)
    elif task["do"] == "final":
        final_scoring(ctx)


def progress(ctx: Ctx) -> None:
    s = ctx.s
    while True:
        if ctx.fresh:
            s["pending"] = ctx.fresh + s["pending"]
            ctx.fresh = []
        drop_stale_exchanges(ctx)
        if s["pending"] or s["stage"] == "over":
            return
        if s["stage"] == "turns":
            if s["order"]:
                return
            start_round_end(ctx)
            continue
        if s["tasks"]:
            run_task(ctx, s["tasks"].pop(0))
            continue
        raise AssertionError("round end without tasks")


def current_seat(state: dict) -> int | None:
    if state["stage"] == "over":
        return None
    if state["pending"]:
        return state["pending"][0]["seat"]
    if state["stage"] == "turns" and state["order"]:
        return state["order"][0]
    return None


def armable(state: dict, seat: int) -> list[str]:
    armed = state["turn"]["armed"]
    return [c for c in ("orange-first", "turquoise-move", "turquoise-place") if held(state, seat, c) > 0 and c not in armed]


def apply_action(state: dict, seat: int, action: dict) -> tuple[dict, list]:
    s = json.loads(json.dumps(state))
    ctx = Ctx(s)
    t = action["type"]
    if s["pending"]:
        item = s["pending"][0]
        if item["kind"] == "pick":
            s["pending"].pop(0)
            options = list(item["options"])
            options.remove(action["chest"])
            gain_chests(ctx, seat, [action["chest"]], I.why("bonus", region=I.region(item["region"])))
            offer_pick(ctx, item["queue"], options, item["region"])
        elif item["kind"] == "purple":
            if t == "keep":
                s["pending"].pop(0)
                ctx.log("keep", "ev.keep", {"player": I.player(seat)}, seat=seat)
            else:
                take_privilege(ctx, seat, action["number"])
                item["count"] -= 1
                if item["count"] <= 0 or not can_exchange(s, seat):
                    s["pending"].pop(0)
        elif item["kind"] == "immunity":
            if t == "pass":
                s["pending"].pop(0)
                ctx.log("pass", "ev.pass", {"player": I.player(seat)}, seat=seat)
            else:
                s["immune"].append([action["region"], action["office"], action["slot"]])
                add_held(s, seat, "turquoise-immunity", -1)
                s["discard"].append("turquoise-immunity")
                ctx.log("immunity", "ev.immunity", {"player": I.player(seat), "office": action["office"],
                                                    "region": I.region(action["region"])},
                        seat=seat, region=action["region"], office=action["office"])
                if not immunity_eligible(s, seat):
                    s["pending"].pop(0)
    elif t == "chest":
        s["turn"]["armed"].append(action["chest"])
        ctx.log("arm", "ev.arm", {"player": I.player(seat), "chest": I.chest(action["chest"])},
                seat=seat, chest=action["chest"])
    elif t == "resources":
        do_resources(ctx, seat, action["space"], None)
    elif t == "resources_swap":
        do_resources(ctx, seat, action["space"], action["chests"])
    elif t == "place":
        do_place(ctx, seat, action["region"], action["office"], action["figure"], False)
    elif t == "place_double":
        do_place(ctx, seat, action["region"], action["office"], "envoy", True)
    else:
        raise IllegalAction(f"unknown action {t!r}")
    progress(ctx)
    s["rng"] = ctx.rng.state
    return s, ctx.events
