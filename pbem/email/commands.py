"""The commands a received mail may hold, and what each does.

``COMMANDS`` is the table every game's address takes (the help text is made
from it and the ladder module's own, and ``_builtin`` dispatches the same
words, so help and parser cannot drift). ``_run`` runs the command lines of a
mail in order through the game services, stopping at the first error:
commands before the error stay applied and the answer says so. Every answer
says what was wrong and what to send instead; it never holds an exception's
text or anything the player may not see. Which mails get this far is
decided in pbem.email.gate.
"""

from __future__ import annotations

from django.utils.translation import ngettext

import logging
import textwrap

from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from engines.base import ParseError, describe_actions
from notifications import outbox
from notifications.models import EmailPreference, InboundMessage
from pbem import command_words, services
from pbem.email import ladder_commands as ladder
from pbem.email import orders
from pbem.email.answers import Answer, Context
from pbem.email.parsing import key_hash
from pbem.email.reply import report
from pbem.errors import InvalidRequest, ServiceError
from pbem.languages import game_title, language_codes, language_supported, status_word
from pbem.models import Game, Move, Seat
from pbem.selectors import decisions_now, decisions_waiting_for, engine_get, open_decisions, prompts_now, reader_language
from pbem.messages import text_render
from pbem.selectors import profile_of
from pbem.services.mails import commands_of
from pbem.services.languages import profile_language_set

log = logging.getLogger(__name__)

MAX_COMMANDS = 100

# The commands every game's address takes: (usage, what it does). The help
# text is made from this table and the ladder module's own (USAGE), and
# _builtin dispatches the same words, so help and parser cannot drift.
# Each usage is translated too, into the words pbem.command_words reads in that
# language (`urlaub <tage>`), so a reader's help shows commands that work.
COMMANDS = (
    (pgettext_lazy("mail command usage", "help"), gettext_lazy("this text")),
    (pgettext_lazy("mail command usage", "status"), gettext_lazy("the situation of this game again, and what is asked of you")),
    (pgettext_lazy("mail command usage", "games"), gettext_lazy("your games, and which of them wait for you")),
    (pgettext_lazy("mail command usage", "join <code>"), gettext_lazy("take a seat with an invitation code")),
    (pgettext_lazy("mail command usage", "resign"), gettext_lazy("leave this game (a bot takes your seat)")),
    (pgettext_lazy("mail command usage", "vacation <days>"),
     gettext_lazy("pause your deadlines for some days (within your allowance)")),
    (pgettext_lazy("mail command usage", "notify every|digest|off"),
     gettext_lazy("every: a mail for every move; digest: a mail only when you must act, with what happened since; "
                  "off: no mail but answers")),
    (pgettext_lazy("mail command usage", "notify board on|off"),
     gettext_lazy("the board as a picture in the HTML part of game mails")),
    (pgettext_lazy("mail command usage", "unsubscribe"), gettext_lazy("the same as notify off")),
    (pgettext_lazy("mail command usage", "language de|it|fr|en"),
     gettext_lazy("pages, mails and answers in that language (Deutsch, Italiano, Français, English)")),
)


def _table(rows) -> str:
    out = []
    for usage, what in rows:
        usage, what = str(usage), str(what)  # in the reader's language
        wrapped = textwrap.wrap(what, 56)
        if len(usage) <= 20:
            out.append(f"  {usage:<20} {wrapped[0]}")
        else:
            out += [f"  {usage}", f"  {'':<20} {wrapped[0]}"]
        out += [f"  {'':<20} {line}" for line in wrapped[1:]]
    return "\n".join(out)


def _help() -> str:
    """How to play by mail, and every command an address takes."""
    title = _("How to play by mail")
    return (
        title + "\n" + "-" * len(title) + "\n"
        + _("Reply to a mail of your game. Write one command per line above the quoted text; the commands are run "
            "in order, and the first one that fails stops the rest (those before it stay done). Quoted text and your "
            "signature are ignored. Commands may be written in German, Italian, French or English.") + "\n\n"
        + _("Commands of every game:") + "\n" + _table(COMMANDS) + "\n\n"
        + _("Acting ahead of your turn (a sealed answer stays replaceable by sending it again):") + "\n"
        + _table(orders.USAGE) + "\n\n"
        + _("Ladders (in a game's thread, `accept` and `decline` are the game's own words; write `accept challenge 12` "
            "there):") + "\n" + _table(ladder.USAGE) + "\n"
    )


def __getattr__(name: str):
    """``HELP``: the help text, in the language active when it is read."""
    if name == "HELP":
        return _help()
    raise AttributeError(name)


def _zone(user) -> str:
    return profile_of(user=user).timezone if user is not None else "UTC"


def _deadline_text(deadline, user) -> str:
    """``Deadline: <weekday> <date> <time> (<zone>)`` in the reader's time zone and language ('' for none)."""
    return text_render("_deadline", {"deadline": deadline, "zone": _zone(user)}, language=reader_language())


def _moment_text(at, user) -> str:
    return text_render("_moment", {"at": at, "zone": _zone(user)}, language=reader_language())


def _commands_text(engine, state, seat: int, user) -> str:
    """The commands that answer the seat's decision, as the your-move mail lists them."""
    lang = reader_language()
    return text_render("_commands", {"commands": commands_of(engine, state, seat, lang=lang)}, language=lang)


def _game_now(ctx: Context):
    ctx.game.refresh_from_db()
    return ctx.game


def _engine(ctx: Context):
    return engine_get(ctx.game.engine)


def _allowed(ctx: Context) -> str:
    game = _game_now(ctx)
    if game.state is None or game.status != "active":
        return _("This game is %(status)s: no moves are taken.") % {"status": status_word(game.status)}
    lang = reader_language()
    return describe_actions(_engine(ctx).actions(game.state, ctx.seat, lang=lang), lang)


def _status(ctx: Context) -> str:
    game = _game_now(ctx)
    if game.state is None:
        return _("Game #%(game_id)s has not started yet (%(status)s).") % {"game_id": game.pk, "status": status_word(game.status)}
    engine = _engine(ctx)
    parts = [
        _("Game #%(game_id)s, %(title)s, %(status)s, version %(version)s.") % {
            "game_id": game.pk, "title": game_title(game.engine) or engine.title, "status": status_word(game.status),
            "version": game.version},
        engine.render(game.state, ctx.seat, lang=reader_language()),
    ]
    if game.status == "active":
        waiting = list(open_decisions(game=game))
        mine = next((p for p in waiting if p.seat.index == ctx.seat), None)
        if mine is not None and (mine.sealed or mine.submitted_at is None):
            note = _(" (your sealed answer is in; you may replace it)") if mine.submitted_at else ""
            prompt = prompts_now(game=game).get(ctx.seat, mine.prompt)
            parts.append(_("Asked of you: %(prompt)s%(note)s") % {"prompt": prompt, "note": note} + "\n"
                         + _deadline_text(mine.deadline, ctx.user))
            parts.append(_commands_text(engine, game.state, ctx.seat, ctx.user))
        else:
            others = ", ".join(str(p.seat.index + 1) for p in waiting if p.submitted_at is None) or pgettext("seats", "none")
            parts.append(_("Nothing is asked of you now; the game waits for seat(s) %(seats)s.") % {"seats": others})
    elif game.outcome:
        parts.append(_("Final scores: %(scores)s, ranks: %(ranks)s.") % {
            "scores": ", ".join(map(str, game.outcome.get("scores") or [])),
            "ranks": ", ".join(map(str, game.outcome.get("ranks") or []))})
    return "\n\n".join(p for p in parts if p)


def _games(ctx: Context) -> str:
    waiting = {p.game_id: p for p in decisions_waiting_for(user=ctx.user)}
    seats = Seat.objects.filter(player=ctx.user).select_related("game").order_by("-game__updated_at")[:50]
    if not seats:
        return _("You have no games yet. Join one with `join <code>` from an invitation.")
    lines = [_("Your games:")]
    for s in seats:
        g = s.game
        p = waiting.get(g.pk)
        # what is asked, named in the reader's words (the stored kind is the English one)
        kind = decisions_now(game=g).get(s.index, {}).get("kind", p.kind) if p else ""
        what = _("waits for you: %(kind)s") % {"kind": kind} if p else status_word(g.status)
        address = outbox.reply_address_for(user=ctx.user, game=g, seat=s.index).address
        lines.append("  " + _("#%(game_id)s %(title)s, seat %(seat)s: %(what)s  (commands to %(address)s)") % {
            "game_id": g.pk, "title": game_title(g.engine) or g.engine, "seat": s.index + 1, "what": what, "address": address})
    return "\n".join(lines)


def _help_for(ctx: Context) -> str:
    if ctx.game is None:
        return _help()
    game = _game_now(ctx)
    extra = ""
    if game.state is not None and game.status == "active":
        extra = "\n" + (_commands_text(_engine(ctx), game.state, ctx.seat, ctx.user) or _("Nothing is asked of you in this game now."))
    return _help() + extra


def _builtin(ctx: Context, line: str) -> str | None:
    """Run a command every game has; None when the line is none of them.
    Raises ServiceError on a refusal."""
    # a command in any language's words, read as the English one (`urlaub 5` -> `vacation 5`)
    line = command_words.canonical(line)
    if line is None:
        return None
    words = line.lower().split()
    word = words[0]
    if word == "language":
        return _language(ctx, words)
    if word == "help" and len(words) == 1:
        return _help_for(ctx)
    if word == "status" and len(words) == 1:
        if ctx.game is None:
            return _games(ctx)
        return _status(ctx)
    if word == "games" and len(words) == 1:
        return _games(ctx)
    if word in orders.WORDS:
        if ctx.game is None:
            raise InvalidRequest(_("`%(word)s` works in a game's thread: reply to a mail of that game.") % {
                "word": command_words.word(word, reader_language())})
        return orders.command(game=_game_now(ctx), seat=ctx.seat, line=line)
    if word == "join":
        if len(words) != 2:
            raise InvalidRequest(_("Write `join` and the code from your invitation, e.g. `join Ab3dE7fG`."))

        seat = services.game_join_by_code(code=line.split()[1], user=ctx.user)
        if ctx.address.invitation_id and ctx.address.invitation.accepted_at is None:
            inv = ctx.address.invitation
            inv.accepted_at, inv.accepted_by = timezone.now(), ctx.user
            inv.save(update_fields=["accepted_at", "accepted_by"])
        address = outbox.reply_address_for(user=ctx.user, game=seat.game, seat=seat.index).address
        return _(
            "You have seat %(seat)s in game #%(game_id)s. You will get a mail when the game starts "
            "and whenever it is your move; commands for this game go to %(address)s."
        ) % {"seat": seat.index + 1, "game_id": seat.game_id, "address": address}
    if word == "notify" and len(words) == 3 and words[1] in ("board", "picture", "image"):
        if words[2] not in ("on", "off"):
            raise InvalidRequest(_("Write `notify board on` or `notify board off`."))
        services.board_image_set(user=ctx.user, on=words[2] == "on")
        return (_("From now on your game mails show the board as a picture.") if words[2] == "on" else
                _("From now on your game mails leave the board picture out (the situation stays written out)."))
    if word in ("notify", "unsubscribe"):
        if word == "unsubscribe":
            mode = "off"
        elif len(words) == 2 and words[1] in ("every", "every_move", "digest", "off"):
            mode = "every_move" if words[1].startswith("every") else words[1]
        else:
            raise InvalidRequest(_("Write `notify every`, `notify digest` or `notify off`."))

        services.preference_set(user=ctx.user, mode=mode)
        said = {
            EmailPreference.Mode.EVERY_MOVE: _("a mail for every move, confirmation and result"),
            EmailPreference.Mode.DIGEST: _("a mail only when you must act (with what happened since), and results"),
            EmailPreference.Mode.OFF: _("no mail, except answers to the mails you send"),
        }[mode]
        return _("From now on you get %(what)s. Write `notify every`, `notify digest` or `notify off` to change it.") % {
            "what": said}
    if word in ladder.WORDS:
        said = ladder.command(user=ctx.user, line=line, in_game=ctx.game is not None)
        if said is not None:
            return said
    if word == "resign" and len(words) == 1:
        return _resign(ctx)
    if word == "vacation":
        if len(words) != 2 or not words[1].isdigit() or not 1 <= int(words[1]) <= 365:
            raise InvalidRequest(_("Write `vacation` and a number of days, e.g. `vacation 5`."))
        return _vacation(ctx, int(words[1]))
    return None


def _language(ctx: Context, words: list[str]) -> str:
    """`language de` (`sprache deutsch`, `lingua italiano`, `langue fr`): the
    account's language for pages, mails and answers, this answer included."""
    if len(words) != 2:
        raise InvalidRequest(
            _("Write `language` and a language, e.g. `language de`; the languages are %(codes)s.")
            % {"codes": ", ".join(language_codes())}
        )
    code = command_words.language_code(words[1]) or words[1]
    profile_language_set(user=ctx.user, language=code)
    translation.activate(language_supported(code))
    return _("From now on your pages, mails and answers are in English.")


def _resign(ctx: Context) -> str:
    if ctx.game is None:
        raise InvalidRequest(_("Send `resign` in a reply to a mail of the game you want to leave."))
    services.seat_resign(game_id=ctx.game.pk, user=ctx.user)
    return _("You have resigned from game #%(game_id)s.") % {"game_id": ctx.game.pk}


def _vacation(ctx: Context, days: int) -> str:
    taken = services.vacation_take(user=ctx.user, days=days)
    until = _moment_text(taken.get("ends_at"), ctx.user)
    return (
        ngettext("Your vacation of %(days)s day is taken, until %(until)s.",
                 "Your vacation of %(days)s days is taken, until %(until)s.", days) % {"days": days, "until": until}
        + " " + ngettext("%(count)s deadline moved.", "%(count)s deadlines moved.", taken.get("decisions_moved", 0))
        % {"count": taken.get("decisions_moved", 0)}
        + " " + _("%(left)s of your %(allowance)s vacation days are left this year.") % {
            "left": taken.get("remaining_days", "?"), "allowance": taken.get("allowance_days", "?")}
    )


def _move(ctx: Context, line: str, index: int) -> str:
    if ctx.game is None:
        raise InvalidRequest(
            _("%(line)r is no command of this address, which takes help, games and join. "
              "To move, reply to a mail of the game.") % {"line": line}
        )
    if index > 0:
        # Apply what the earlier lines completed, so this line is read
        # against the situation they made.
        services.game_advance(game_id=ctx.game.pk)
    game = Game.objects.get(pk=ctx.game.pk)
    if game.status != Game.Status.ACTIVE or game.state is None:
        raise InvalidRequest(_("This game is %(status)s: no moves are taken.") % {"status": status_word(game.status)})
    engine = _engine(ctx)
    actions = engine.parse(game.state, ctx.seat, line, lang=reader_language())
    out = []

    for j, action in enumerate(actions):
        result = services.move_submit(
            game_id=game.pk,
            seat=ctx.seat,
            action=action,
            source=Move.Source.EMAIL,
            idempotency_key=f"email:{key_hash(ctx.row.key)}:{index}:{j}",
        )
        if result.sealed:
            out.append(_("sealed answer in; its commitment is %(commitment)s") % {"commitment": result.commitment})
        else:
            out.append(_("accepted"))
    return "; ".join(out) if out else _("nothing to do")


def _no_commands(ctx: Context, skipped: list[tuple[str, str]], error: str = "") -> Answer:
    """Nothing was run: no line was a command. ``error``: what the game said
    of the first line it could not read."""
    return ctx.answer(
        InboundMessage.Status.REFUSED,
        "no commands",
        "\n\n".join(
            x for x in (
                _("Your mail held no commands (attachments are not read), so nothing was run.") + "\n"
                + _("Write one command per line above or below the quoted text."),
                report.skipped_text(skipped),
                error,
                "" if error else _help_for(ctx),
            ) if x
        ),
    )


def _command_words(ctx: Context) -> set[str]:
    """The first words of the commands this address takes now: every game's
    own (help, status, …), the ladder's, and those of the actions the seat
    may send now (from the engine's examples)."""
    words = {str(usage).split()[0] for usage, _x in COMMANDS} | set(ladder.WORDS) | set(orders.WORDS) | {"notify", "unsubscribe"}
    words |= command_words.all_words()
    if ctx.game is not None:
        game = _game_now(ctx)
        if game.state is not None and game.status == "active":
            for lang in language_codes():  # a command may be written in any language
                specs = _engine(ctx).actions(game.state, ctx.seat, lang=lang)
                words |= {s["example"].split()[0].lower() for s in specs if s["example"]}
    return words


def _done_text(ctx: Context, done: list[str], moved: bool, skipped: list[tuple[str, str]]) -> str:
    """What was done, what was not read as a command and why, and, after
    moves, the situation they made (applied here, so the answer shows the
    situation now and a reply to it is current). "Done:" only when every
    line the player wrote was run."""
    parts = [report.heading(everything_run=not skipped) + "\n" + "\n".join(done)]
    if skipped:
        parts.append(report.skipped_text(skipped))
        if any(kind == "text" for kind in (k for _l, _w, k in _kinds(skipped))):
            parts.append(report.meant_text())
    text = "\n\n".join(parts)
    if moved and ctx.game is not None:
        services.game_advance(game_id=ctx.game.pk)
        text += "\n\n" + _("The situation now:") + "\n\n" + _status(ctx)
    return text


def _kinds(skipped: list[tuple[str, str]]):
    """(line, why, kind) of each skipped line: kind "text" for a line the
    player may have meant as a command, else greeting/closing/signed."""
    known = {r(): k for k, r in report.KIND_REASONS.items()}
    for line, why in skipped:
        yield line, why, known.get(why, "text")


def _run(ctx: Context, read: list) -> Answer:
    """Run the player's lines in order. Greetings, closings and lines that
    are no command at all are skipped (and listed in the answer); the first
    refused command stops the rest, so no later move runs as if it had
    succeeded."""
    read = orders.lines_join(read)
    done: list[str] = []
    skipped: list[tuple[str, str]] = []
    moved = False
    lines = [x.text for x in read if x.kind == "text"]
    words = None
    first_error = ""
    i = -1
    for item in read:
        if item.kind != "text":
            skipped.append((item.text, report.KIND_REASONS[item.kind]()))
            continue
        i += 1
        line = item.text
        try:
            said = _builtin(ctx, line)
            if said is None:
                said = _move(ctx, line, i)
                moved = True
        except ParseError as e:
            words = words if words is not None else _command_words(ctx)
            why = report.not_a_command(line, words)
            if why is None and done and i == len(lines) - 1:
                # The last line, after commands, no command: a signature or a
                # name the filters did not know. Nothing follows it to protect.
                why = e.message
            if why is None:
                return _refused(ctx, lines, i, line, e, done, skipped)
            skipped.append((line, why))
            first_error = first_error or e.message
            continue
        except ServiceError as e:
            return _refused(ctx, lines, i, line, e, done, skipped)
        if "\n" in said:
            done.append(f"  {line}:\n" + "\n".join(f"    {x}" for x in said.splitlines()))
        else:
            done.append(f"  {line}: {said}")
    if not done:
        return _no_commands(ctx, skipped, first_error)
    outcome = f"{len(done)} done" + (f", {len(skipped)} skipped" if skipped else "")
    return ctx.answer(InboundMessage.Status.PROCESSED, outcome, _done_text(ctx, done, moved, skipped))


def _refused(ctx: Context, lines: list[str], i: int, line: str, e, done: list[str], skipped=()) -> Answer:
    parts = []
    if done:
        parts.append(_("These commands were done and stay done:") + "\n" + "\n".join(done))
    parts.append(_("This command was refused:") + f"\n  {line}\n{e.message}")
    if ctx.game is not None and not isinstance(e, ParseError):
        allowed = _allowed(ctx)
        if allowed not in e.message:
            parts.append(allowed)
    rest = lines[i + 1:]
    if rest:
        parts.append(_("Not run, because of the refusal above:") + "\n" + "\n".join(f"  {x}" for x in rest))
    if skipped:
        parts.append(report.skipped_text(list(skipped)))
    if not done:
        parts.append(_("Nothing was changed."))
    parts.append(_("Write `help` for every command."))
    return ctx.answer(
        InboundMessage.Status.PROCESSED if done else InboundMessage.Status.REFUSED,
        f"{len(done)} done, then refused at line {i + 1}",
        "\n\n".join(parts),
    )
