"""A player who plays a game by tapping its board, as a phone player would
(issue 28), shared by the browser tests (tests/web/test_board_play.py) and
the benchmark that plays whole games of every engine (bench/table.py).

At each of seat 1's decisions the page is looked at as the player sees it:
the board's actions (``section.board svg a.act``) and, for each, what a tap
on it does in the acting part (table.js): one complete move (a button, an
entry of a drop-down) is sent at once; several moves on one component are
marked there for the player to choose among; a value to tick is ticked. The
player taps the action of the move they mean; where the tap
marks several, it chooses there, in the acting part right under the board;
values to tick (cards) it ticks on the board and sends with the form's
button the tap marked; amounts (Fugger's asking prices and bids, an auction
bid) it sets with the board's steps, line by line, and sends with the
board's send button. The move it means is the engine's bot's (a legal
move that gets the game on); one the board does not carry (a number to
type) it leaves for the first move the board offers whole. A decision with
nothing on the board to tap is answered in its form (none is left in the
four games: ``typed`` stays 0). Every move is counted by how it was made,
with those the page got refused ("Not taken", "the game moved on")."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

from tests.conftest_worker import wait_for
from tests.web.conftest import fill_action

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
# the board action whose tap sends (or marks) the move meant: [index, whether a tap alone sends it]
FIND_MOVE = """want => {
  const forms = document.getElementById('forms');
  const controls = forms ? [...forms.querySelectorAll('[data-on]')] : [];
  const acts = [...document.querySelectorAll('section.board svg a.act')];
  for (let i = 0; i < acts.length; i++) {
    const found = controls.filter(c => c.getAttribute('data-on') === acts[i].getAttribute('data-on'));
    if (found.some(c => (c.tagName === 'BUTTON' || c.tagName === 'OPTION') && c.value === want)) return [i, found.length === 1];
  }
  return null;
}"""
# among the moves a tap marked, the one meant: its button pressed, or its entry chosen and sent
CHOOSE_MOVE = """want => {
  const c = [...document.querySelectorAll('#forms [data-on]')].find(c => c.value === want);
  if (c.tagName === 'OPTION') { c.selected = true; c.closest('form').requestSubmit(); } else c.click();
}"""
# whether the form of this type takes values ticked on the board
TICKS_FOR = "t => !!document.querySelector(`#forms form.move-form[data-type='${t}'] input[type=checkbox][data-on]`)"
# whether the board has a panel of amounts for this type (its send button)
PANEL_FOR = "t => !!document.querySelector(`section.board svg a.act[data-on='send:${t}']`)"
# a panel line's amount now ('' for an empty line) and where an empty line starts (the first amount
# its drop-down lists; a number field's least)
LINE_VALUE = """line => {
  const [t, p, i] = line.split(':');
  const form = document.getElementById('act-' + t);
  const field = form && form.querySelectorAll(`[name='p.${p}']`)[Number(i)];
  if (!field) return null;
  if (field.tagName === 'INPUT') return [field.value, Number(field.min || 0)];
  const first = [...field.options].find(o => o.value !== '');
  return [field.value, first ? Number(first.value) : null];
}"""
PAGE_VERSION = "() => { const v = document.querySelector('#forms input[name=version]'); return v ? Number(v.value) : null; }"


@dataclass
class Played:
    taps: int = 0  # moves sent by a tap on the board alone
    chosen: int = 0  # moves begun by a tap and chosen among the moves it marked in the acting part
    instead: int = 0  # of those, moves the board offered whole where the move meant is not on the board
    stepped: int = 0  # moves whose amounts were set with the board's steps and sent by its send button
    steps: int = 0  # the taps on steps and clears those took
    typed: int = 0  # moves written in a form, the board having nothing to tap
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
        moves = played.taps + played.chosen + played.stepped + played.typed
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
            # nothing to tap: a decision of values to write (Fugger's asking prices), in the form
            assert page.locator("#forms form.move-form").count(), f"no board action and no form: {my_turn(game)}"
            with page.expect_navigation():
                fill_action(page, game, 0, _meant(game))
            played.typed += 1
            if page.locator(REFUSED).count():
                played.refused += 1
                played.why.append(page.locator(REFUSED).first.inner_text()[:200])
                page.goto(url)
            continue
        acts = page.locator(ACTS)
        if on_page:
            on_page(page, played)
        want = _meant(game)
        found = page.evaluate(FIND_MOVE, json.dumps(want, sort_keys=True))
        if page.evaluate(PANEL_FOR, want["type"]):
            # amounts: each line set with the board's steps, then the board's send button
            played.steps += amounts_set(page, want)
            with page.expect_navigation():
                page.locator(f"{ACTS}[data-on='send:{want['type']}']").tap()
            played.stepped += 1
        elif found is not None:
            # the move the player means is on the board: a tap sends it, or marks it among others
            index, alone = found
            act = acts.nth(index)
            assert act.get_attribute("aria-label"), "a board action without a label"
            if alone:
                with page.expect_navigation():
                    act.tap()
                played.taps += 1
            else:
                act.tap()
                page.locator("#forms .offered").first.wait_for()
                with page.expect_navigation():
                    page.evaluate(CHOOSE_MOVE, json.dumps(want, sort_keys=True))
                played.chosen += 1
        elif page.evaluate(TICKS_FOR, want["type"]):
            # values to tick (notes to show or buy): the ones the player means, each by a tap on
            # the board; the tap marks the form's button
            ticks = _ticks(game, want)
            for on in ticks:
                page.locator(f"{ACTS}[data-on='{on}']").tap()
            if not ticks:  # none of them: a tick and an untick mark the form's button all the same
                acts.first.tap()
                acts.first.tap()
            marked = page.locator("#forms .offered").first
            marked.wait_for()
            with page.expect_navigation():
                marked.tap()
            played.chosen += 1
        else:
            # what the player means is not on the board (a form's value to type): the first move the
            # board offers whole
            does = page.evaluate(TAP_DOES)
            assert "one" in does, f"the board offers no whole move here: {does}"
            act = acts.nth(does.index("one"))
            with page.expect_navigation():
                act.tap()
            played.taps += 1
            played.instead += 1
        if page.locator(REFUSED).count():
            played.refused += 1
            played.why.append(page.locator(REFUSED).first.inner_text()[:200])
            page.goto(url)
    played.seconds = time.monotonic() - start
    return played


def amounts_set(page, action: dict) -> int:
    """The board panel's lines set to ``action``'s amounts by tapping its steps (a list of prices one
    per line, the rest cleared; or one amount), what else the form asks chosen in its drop-downs (whom
    to offer what); returns the taps on the board."""
    taps = 0
    for param, value in action.items():
        if param == "type":
            continue
        if not page.locator(f"{ACTS}[data-on^='step:{action['type']}:{param}:']").count():
            # not an amount: the ware a card names (no choice), or a drop-down of the form
            field = page.locator(f"#forms form.move-form[data-type='{action['type']}'] select[name='p.{param}']")
            if field.count() and field.locator("option").count() > 1:
                field.select_option(str(value))
            continue
        wanted = value if isinstance(value, list) else [value]
        line = 0
        while page.locator(f"{ACTS}[data-on^='step:{action['type']}:{param}:{line}:']").count():
            key = f"{action['type']}:{param}:{line}"
            want = wanted[line] if line < len(wanted) else None
            steps = sorted(int(a.rsplit(":", 1)[1]) for a in page.locator(f"{ACTS}[data-on^='step:{key}:']").evaluate_all(
                "els => els.map(e => e.getAttribute('data-on'))"))
            for _ in range(200):
                now, first = page.evaluate(LINE_VALUE, key)
                if (want is None and now == "") or (want is not None and now == str(want)):
                    break
                if want is None:
                    page.locator(f"{ACTS}[data-on='clear:{key}']").tap()
                else:
                    gap = want - (int(now) if now != "" else first)
                    ways = [s for s in steps if (s > 0) == (gap > 0 or (gap == 0 and now == ""))]
                    fitting = [s for s in ways if abs(s) <= abs(gap)]
                    by = max(fitting, key=abs) if fitting else min(ways, key=abs)
                    page.locator(f"{ACTS}[data-on='step:{key}:{by}']").tap()
                taps += 1
            else:
                raise AssertionError(f"the steps of {key} do not reach {want}")
            line += 1
        assert line >= len(wanted), f"{param}: {len(wanted)} amounts, the board has {line} lines"
    return taps


def _meant(game) -> dict:
    """The move the player means now: the engine's bot chooses it (a legal move)."""
    from engines.rng import Rng
    from pbem.selectors import engine_get

    return engine_get(game.engine).bot(game.state, 0, Rng.from_seed(game.version * 31))


def _ticks(game, action: dict) -> list[str]:
    """The board components to tick for ``action`` (its list params' values)."""
    from pbem.selectors import engine_get

    choices = {c["type"]: c for c in engine_get(game.engine).choices(game.state, 0)}
    ons = {}
    for param, options in choices[action["type"]]["options"].items():
        for o in options:
            ons[(param, str(o["value"]))] = o.get("on")
    return [ons[(param, str(v))] for param, values in action.items() if isinstance(values, list) for v in values]
