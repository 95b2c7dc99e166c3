"""Browser tests: Playwright for Python driving Debian's Chromium
(/usr/bin/chromium, installed by scripts/ensure-tools; never a downloaded
browser) against pytest-django's live server on the real PostgreSQL, with a
real Celery worker applying the moves.

Helpers here: players with a verified address, logging in through the real
form, filling a generated move form with a legal action, the leak check on a
page's HTML, the axe-core accessibility check and screenshots."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("PBEM_CHROMIUM", "/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "docs" / "screenshots"
AXE = Path(__file__).resolve().parent / "vendor" / "axe-4.14.1.min.js"


@pytest.fixture
def site(live_server, celery_worker_process):
    """The live server's address, with a worker applying moves."""
    return live_server.url


@pytest.fixture
def new_page(browser):
    contexts = []

    def make(**kw):
        # bypass_csp only lets the test inject axe-core; the pages' own policy is checked in test_views.
        ctx = browser.new_context(bypass_csp=True, **kw)
        ctx.set_default_timeout(15_000)
        contexts.append(ctx)
        return ctx.new_page()

    yield make
    for c in contexts:
        c.close()


def verified_player(name: str, password: str | None = None):
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(name, f"{name}@example.org", password or f"pw-{name}-secret")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def log_in(page, site: str, login: str, password: str) -> None:
    page.goto(f"{site}/accounts/login/")
    page.fill("#id_login", login)
    page.fill("#id_password", password)
    page.click("main button[type=submit]")
    page.wait_for_selector("text=Log out")


def fill_action(page, game, seat: int, action: dict) -> None:
    """Fill the generated form of ``action['type']`` with the action's values
    and click its button, the way a player would."""
    form = page.locator(f"form.move-form[data-type='{action['type']}']")
    if form.locator("[name=action]").count():
        # the engine's complete moves: its button, or its entry in the drop-down (the action itself
        # when it is on offer, else the first move offered)
        values = form.locator("button[name=action], select[name=action] option").evaluate_all("els => els.map(e => e.value)")
        want = json.dumps(action, sort_keys=True)
        value = want if want in values else values[0]
        if form.locator("select[name=action]").count():
            form.locator("select[name=action]").select_option(value)
            form.locator("button[type=submit]").click()
        else:
            form.locator("button[name=action]").nth(values.index(value)).click()
        return
    for name, value in action.items():
        if name == "type":
            continue
        field = f"[name='p.{name}']"
        if isinstance(value, list):
            boxes = form.locator(f"input[type=checkbox]{field}")
            if boxes.count():
                for v in value:
                    form.locator(f"input[type=checkbox]{field}[value='{v}']").check()
                continue
            slots = form.locator(field)
            for i, v in enumerate(value):
                slot = slots.nth(i)
                if slot.evaluate("e => e.tagName") == "SELECT":
                    slot.select_option(str(v))
                else:
                    slot.fill(str(v))
        elif isinstance(value, bool):
            if value:
                form.locator(field).check()
        else:
            el = form.locator(field)
            if el.evaluate("e => e.tagName") == "SELECT":
                el.select_option(str(value))
            else:
                el.fill(str(value))
    form.locator("button[type=submit]").click()


def bot_action(game, seat: int) -> dict:
    from engines.rng import Rng
    from pbem.selectors import engine_get

    game.refresh_from_db()
    return engine_get(game.engine).bot(game.state, seat, Rng.from_seed(game.version * 7 + seat))


def _keys(value, out: set) -> set:
    """The words of a view's field names: labels every seat sees."""
    if isinstance(value, dict):
        for k, v in value.items():
            out |= set(str(k).split("_"))
            _keys(v, out)
    elif isinstance(value, list):
        for v in value:
            _keys(v, out)
    return out


def _scalars(value, out: set) -> set:
    if isinstance(value, dict):
        for v in value.values():
            _scalars(v, out)
    elif isinstance(value, list):
        for v in value:
            _scalars(v, out)
    elif isinstance(value, str) and len(value) >= 4:
        out.add(value)
    return out


def _known(game, engine, seat: int | None) -> set[str]:
    """What ``seat`` may know: the strings of its own and the public view, the
    view's field names and what it may choose from."""
    from engines.orders import standing_specs_of

    mine = _scalars(engine.view(game.state, seat), set()) | _scalars(engine.view(game.state, None), set())
    mine |= _keys(engine.view(game.state, seat), set())
    if seat is not None:  # what the seat may choose from is known to it, its standing orders' choices too
        mine |= _scalars(engine.actions(game.state, seat), set())
        mine |= _scalars(standing_specs_of(engine, game.state, seat), set())
    return mine


def secrets_of(game, seat: int | None) -> set[str]:
    """What ``seat`` must not find in any page: the random generator's state,
    the content and salt of unrevealed sealed moves, and every name that only
    other seats' views hold (their hands)."""
    from pbem.models import Move
    from pbem.selectors import engine_get, game_history

    game.refresh_from_db()
    engine = engine_get(game.engine)
    found: set[str] = set()
    if game.state is None:
        return found
    rng = game.state.get("rng")
    if rng is not None:
        found.add(json.dumps(rng)[1:40])
    for m in Move.objects.filter(game=game, sealed=True).exclude(status=Move.Status.APPLIED).select_related("secret"):
        found.add(m.secret.salt)
    mine = _known(game, engine, seat)
    others = set()
    for s in range(game.players):
        if s != seat:
            _scalars(engine.view(game.state, s), others)
    # what the seat legitimately read in events (history) is not a secret for it
    seen = " ".join(e["text"] for step in game_history(game=game, user=_user_of(game, seat)) for e in step["events"])
    found |= {x for x in others - mine if x not in seen}
    if game.engine == "augsburg1520":  # the texts write a debt note as printed ("Maria 15"), never by its id
        import re

        from engines.augsburg1520.choices import note_name

        notes = {x for x in others - mine if re.fullmatch(r"(maria|louise|leo|philippe|joker)-\d+", x)}
        found |= {name for x in notes if (name := note_name(x)) not in seen}
    # every other seat's orders given in advance, as its player wrote them (issue 25), in every language
    from engines.i18n import LANGUAGES
    from engines.orders import standing_command, wording_of
    from pbem.models import DecisionOrder, StandingOrder

    found |= {standing_command(o.order, lang, wording_of(engine)) for o in StandingOrder.objects.filter(game=game).exclude(seat__index=seat)
              for lang in LANGUAGES}
    for o in DecisionOrder.objects.filter(game=game).exclude(seat__index=seat):
        found |= {c for c in o.candidates if isinstance(c, str) and len(c) >= 4}
    return found


def _user_of(game, seat):
    if seat is None:
        return None
    s = game.seats.filter(index=seat).first()
    return s.player if s else None


def printed_texts() -> list[str]:
    """The text printed on the games' components (a purple district's power, a
    privilege, a city bonus): public whoever holds the card. By convention every
    module-level ``*_TEXT`` mapping of the boards and of the engines' modules
    holds such text."""
    import importlib
    import pkgutil

    from boards import SLUGS

    out = []
    for slug in SLUGS:
        package = importlib.import_module(f"engines.{slug}")
        names = [f"boards.{slug}"] + [f"engines.{slug}.{m.name}" for m in pkgutil.iter_modules(package.__path__)]
        for name in names:
            module = importlib.import_module(name)
            for attr, value in vars(module).items():
                if attr.endswith("_TEXT") and isinstance(value, dict):
                    out += [v for v in value.values() if isinstance(v, str)]
    return out


def without_known_text(html: str, texts) -> str:
    """``html`` with known sentences (the components' printed text, the labels
    of the seat's own choices) taken out of its text nodes: a card id that is
    also a word ("keep") is not found in the Observatory's "draw 3, keep 1" or
    in the label "draw district cards and keep one". A text node that is a piece
    of such a sentence (the board wraps a power over two lines) goes when it
    holds more than one word, so a lone id is still found, and ids in
    attributes and scripts are never touched."""
    import html as html_lib
    import re

    texts = sorted({t for t in texts if " " in t.strip()}, key=len, reverse=True)

    def mask(m):
        node = html_lib.unescape(m.group(1))
        bare = node.strip()
        if " " in bare and any(bare in t for t in texts):
            return "><"
        for t in texts:
            node = node.replace(t, " ")
        return ">" + html_lib.escape(node, quote=False) + "<"

    return re.sub(r">([^<]+)<", mask, html)


def _token(x: str) -> str:
    import re

    return rf"(?<![\w-]){re.escape(x)}(?![\w-])"


def _masked(html: str, game, seat: int | None) -> str:
    from pbem.selectors import engine_get

    game.refresh_from_db()
    known = _known(game, engine_get(game.engine), seat) if game.state is not None else set()
    return without_known_text(html, printed_texts() + sorted(known))


def leaks(html: str, game, seat: int | None) -> list[str]:
    """The secrets of other seats found in the raw HTML (attributes included),
    each looked for as a whole token (leo-1 is not found in leo-11)."""
    return sorted(_found(_masked(html, game, seat), game, seat))


def _found(masked: str, game, seat: int | None) -> dict:
    """Each secret found in ``masked``, with the match."""
    import re

    hits = {x: re.search(_token(x), masked) for x in secrets_of(game, seat)}
    return {x: m for x, m in hits.items() if m}


def assert_no_secrets(html: str, game, seat: int | None) -> None:
    masked = _masked(html, game, seat)
    found = _found(masked, game, seat)
    leaked = sorted(found)
    where = [masked[max(0, found[x].start() - 150): found[x].end() + 50] for x in leaked[:2]]
    assert not leaked, f"page of game {game.pk} for seat {seat} shows what it may not: {leaked[:5]} in {where}"


def check_accessibility(page, what: str) -> None:
    page.add_script_tag(content=AXE.read_text())
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    bad = [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert not bad, f"{what}: accessibility violations: {bad}"


def screenshot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
