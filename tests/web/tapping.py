"""A player who plays a game by tapping its board, as a phone player would
(issue 28), shared by the browser tests (tests/web/test_board_play.py) and
the benchmark that plays whole games of every engine (bench/table.py).

At each of seat 1's decisions the page is looked at as the player sees it:
the board's actions (``section.board svg a.act``) and, for each, what a tap
on it does in the acting part (table.js): one complete move (a button, an
entry of a drop-down) is sent at once; several moves on one component are
marked there for the player to choose among; a value to tick is ticked. The
player taps the first action that is one complete move; where every action
needs a choice, it taps the first and sends the first move marked for it
(or, for a value to tick, the form's button the tap marks), in the acting
part right under the board. Every move is counted, with those the
page got refused ("Not taken", "the game moved on")."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from tests.conftest_worker import wait_for

ACTS = "section.board svg a.act"
# what a tap on each of the board's actions does: 'one' (a complete move), else how many controls it marks
TAP_DOES = """() => {
  const forms = document.getElementById('forms');
  const controls = forms ? [...forms.querySelectorAll('[data-on]')] : [];
  return [...document.querySelectorAll('section.board svg a.act')].map(a => {
    const on = a.getAttribute('data-on');
    const found = controls.filter(c => c.getAttribute('data-on') === on);
    const one = found.length === 1 && (found[0].tagName === 'BUTTON' || found[0].tagName === 'OPTION');
    return one ? 'one' : found.length ? 'choose:' + found[0].tagName + ':' + (found[0].type || '') : 'none';
  });
}"""
REFUSED = ".error, ul.messages li.msg-warning"
PAGE_VERSION = "() => { const v = document.querySelector('#forms input[name=version]'); return v ? Number(v.value) : null; }"


@dataclass
class Played:
    taps: int = 0  # moves sent by a tap on the board alone
    chosen: int = 0  # moves begun by a tap and chosen among the moves it marked in the acting part
    refused: int = 0  # moves the page sent and the service refused
    why: list = field(default_factory=list)  # what the page said of each
    seconds: float = 0.0
    finished: bool = False


def my_turn(game, seat: int = 0):
    from pbem.models import Game, PendingAction

    game.refresh_from_db()
    if game.status != Game.Status.ACTIVE:
        return None
    return PendingAction.objects.filter(
        game=game, version=game.version, seat__index=seat, closed_at__isnull=True, submitted_at__isnull=True
    ).first()


def play_by_tapping(page, site: str, game, *, max_moves: int = 400, stop_after: int | None = None, on_page=None) -> Played:
    """Seat 1's moves by tapping the board until the game ends (or ``stop_after`` moves).
    ``on_page(page, played)`` is called on each page before its move (screenshots)."""
    from pbem.models import Game

    played = Played()
    start = time.monotonic()
    url = f"{site}/games/{game.pk}/"
    while True:
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            played.finished = True
            break
        moves = played.taps + played.chosen
        if stop_after is not None and moves >= stop_after:
            break
        assert moves < max_moves, f"the game does not end in {max_moves} moves"
        if not my_turn(game):
            wait_for(lambda: my_turn(game) or game.status == Game.Status.FINISHED, timeout=90, what="the bots")
            continue
        # the page updates by itself (its poll); not to wait for the next poll at every turn, it is
        # loaded again when the board offers nothing yet, or what it offers is of an earlier
        # moment of the game (its forms carry the version they were made at)
        if not page.locator(ACTS).count() or page.evaluate(PAGE_VERSION) != game.version:
            page.goto(url)
            if not page.locator(ACTS).count():
                pending = my_turn(game)
                raise AssertionError(f"no board action at {pending and pending.kind}: {page.inner_text('#forms')[:300]}")
        does = page.evaluate(TAP_DOES)
        acts = page.locator(ACTS)
        if on_page:
            on_page(page, played)
        if "one" in does:
            act = acts.nth(does.index("one"))
            assert act.get_attribute("aria-label"), "a board action without a label"
            with page.expect_navigation():
                act.tap()
            played.taps += 1
        else:
            act = acts.first
            assert act.get_attribute("aria-label"), "a board action without a label"
            kind = does[0]
            assert kind.startswith("choose:"), f"a tap that leads nowhere: {kind}"
            if kind == "choose:INPUT:checkbox":
                # values to tick (notes to show or buy): the ones the player means, each by a tap on
                # the board, as many as the move asks; the tap marks the form's button
                ticks = _ticks(game, page)
                for on in ticks:
                    page.locator(f"{ACTS}[data-on='{on}']").tap()
                if not ticks:  # none of them: a tick and an untick mark the form's button all the same
                    act.tap()
                    act.tap()
            else:
                act.tap()  # marks the moves to choose among
            marked = page.locator("#forms .offered").first
            marked.wait_for()
            with page.expect_navigation():
                if kind.startswith("choose:OPTION"):
                    marked.evaluate("s => s.closest('form').requestSubmit()")
                else:
                    marked.tap()
            played.chosen += 1
        if page.locator(REFUSED).count():
            played.refused += 1
            played.why.append(page.locator(REFUSED).first.inner_text()[:200])
            page.goto(url)
    played.seconds = time.monotonic() - start
    return played


def _ticks(game, page) -> list[str]:
    """The board components to tick for the move the player means: the engine's bot
    chooses it (a legal move), among the moves of the forms whose values are ticked."""
    from engines.rng import Rng
    from pbem.selectors import engine_get

    engine = engine_get(game.engine)
    typed = set(page.evaluate("() => [...document.querySelectorAll('#forms form.move-form')]"
                              ".filter(f => f.querySelector('input[type=checkbox][data-on]')).map(f => f.dataset.type)"))
    choices = {c["type"]: c for c in engine.choices(game.state, 0)}
    for attempt in range(50):
        action = engine.bot(game.state, 0, Rng.from_seed(game.version * 31 + attempt))
        if action["type"] in typed:
            break
    else:
        raise AssertionError(f"the bot never means a move of {typed}")
    ons = {}
    for param, options in choices[action["type"]]["options"].items():
        for o in options:
            ons[(param, str(o["value"]))] = o.get("on")
    return [ons[(param, str(v))] for param, values in action.items() if isinstance(values, list) for v in values]
