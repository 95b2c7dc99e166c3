"""The commands a received mail may hold, and what each does.

``COMMANDS`` is the table every game's address takes (the help text is made
from it and the ladder module's own, and ``_builtin`` dispatches the same
words, so help and parser cannot drift). ``_run`` runs the command lines of a
mail in order through the game services, stopping at the first error:
commands before the error stay applied and the answer says so. Every answer
says what was wrong and what to send instead; it never holds an exception's
text or anything the player may not see. Which mails get this far is
decided in pbem.email.gate.

What a command gives, and the answer around it, are parts (answers.part):
plain data for the templates of pbem.messages (``messages/answer/``), which
write every sentence when the answer is delivered.
"""

from __future__ import annotations

import logging
import textwrap

from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from engines.base import ParseError, describe_actions
from notifications import outbox
from notifications.models import InboundMessage
from pbem import command_words, services
from pbem.email import ladder_commands as ladder
from pbem.email import orders
from pbem.email.answers import Answer, Context, part
from pbem.email.parsing import key_hash
from pbem.email.reply import report
from pbem.errors import InvalidRequest, ServiceError
from pbem.languages import language_codes, language_supported, status_word
from pbem.messages import text_render
from pbem.models import Game, Move, Seat
from pbem.selectors import decisions_now, decisions_waiting_for, engine_get, open_decisions, prompts_now, reader_language
from pbem.services.mails import commands_of, moment
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
    """The rows (usage, what it does) as the help lists them, in the reader's
    language: the command table is the parser's own, so help and parser
    cannot drift; its sentences are marked for translation where it is."""
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


def _help(**now) -> dict:
    """How to play by mail, and every command an address takes (``now``: in a
    game, the commands that answer the seat's decision)."""
    return part("help", commands=_table(COMMANDS), orders=_table(orders.USAGE), ladders=_table(ladder.USAGE), **now)


def __getattr__(name: str):
    """``HELP``: the help text, in the language active when it is read."""
    if name == "HELP":
        return text_render("answer/help", _help(), language=reader_language())
    raise AttributeError(name)


def _game_now(ctx: Context):
    ctx.game.refresh_from_db()
    return ctx.game


def _engine(ctx: Context):
    return engine_get(ctx.game.engine)


def _allowed(ctx: Context) -> tuple[dict, str]:
    """What the seat may send now (the engine's words), or that the game takes
    no moves: the part, and its text (to leave it out where the refusal says it)."""
    game = _game_now(ctx)
    lang = reader_language()
    if game.state is None or game.status != "active":
        said = part("inactive", status=game.status)
        return said, text_render("answer/inactive", said, language=lang)
    text = describe_actions(_engine(ctx).actions(game.state, ctx.seat, lang=lang), lang)
    return part("text", text=text), text


def _status(ctx: Context) -> dict:
    game = _game_now(ctx)
    if game.state is None:
        return part("status", not_started=True, game_id=game.pk, status=game.status)
    engine = _engine(ctx)
    said = part(
        "status", game_id=game.pk, engine=game.engine, engine_title=engine.title, status=game.status,
        version=game.version, render=engine.render(game.state, ctx.seat, lang=reader_language()),
    )  # fmt: skip
    if game.status == "active":
        waiting = list(open_decisions(game=game))
        mine = next((p for p in waiting if p.seat.index == ctx.seat), None)
        if mine is not None and (mine.sealed or mine.submitted_at is None):
            said["asked"] = {
                "prompt": prompts_now(game=game).get(ctx.seat, mine.prompt),
                "sealed_in": mine.submitted_at is not None,
                "deadline": moment(mine.deadline),
                "commands": commands_of(engine, game.state, ctx.seat, lang=reader_language()),
            }
        else:
            said["waiting"] = ", ".join(str(p.seat.index + 1) for p in waiting if p.submitted_at is None)
    elif game.outcome:
        said["scores"] = ", ".join(map(str, game.outcome.get("scores") or []))
        said["ranks"] = ", ".join(map(str, game.outcome.get("ranks") or []))
    return said


def _games(ctx: Context) -> dict:
    waiting = {p.game_id: p for p in decisions_waiting_for(user=ctx.user)}
    seats = Seat.objects.filter(player=ctx.user).select_related("game").order_by("-game__updated_at")[:50]
    rows = []
    for s in seats:
        g = s.game
        p = waiting.get(g.pk)
        # what is asked, named in the reader's words (the stored kind is the English one)
        kind = decisions_now(game=g).get(s.index, {}).get("kind", p.kind) if p else ""
        address = outbox.reply_address_for(user=ctx.user, game=g, seat=s.index).address
        rows.append({"game_id": g.pk, "engine": g.engine, "seat": s.index + 1, "waiting": kind,
                     "status": g.status, "address": address})
    return part("games", rows=rows)


def _help_for(ctx: Context) -> dict:
    if ctx.game is None:
        return _help()
    game = _game_now(ctx)
    if game.state is not None and game.status == "active":
        return _help(in_game=True, now=commands_of(_engine(ctx), game.state, ctx.seat, lang=reader_language()))
    return _help()


def _builtin(ctx: Context, line: str) -> dict | None:
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
        return part("joined", seat=seat.index + 1, game_id=seat.game_id, address=address)
    if word == "notify" and len(words) == 3 and words[1] in ("board", "picture", "image"):
        if words[2] not in ("on", "off"):
            raise InvalidRequest(_("Write `notify board on` or `notify board off`."))
        services.board_image_set(user=ctx.user, on=words[2] == "on")
        return part("board_image", on=words[2] == "on")
    if word in ("notify", "unsubscribe"):
        if word == "unsubscribe":
            mode = "off"
        elif len(words) == 2 and words[1] in ("every", "every_move", "digest", "off"):
            mode = "every_move" if words[1].startswith("every") else words[1]
        else:
            raise InvalidRequest(_("Write `notify every`, `notify digest` or `notify off`."))

        services.preference_set(user=ctx.user, mode=mode)
        return part("mail_mode", mode=mode)
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


def _language(ctx: Context, words: list[str]) -> dict:
    """`language de` (`sprache deutsch`, `lingua italiano`, `langue fr`): the
    account's language for pages, mails and answers, this answer included."""
    if len(words) != 2:
        raise InvalidRequest(
            _("Write `language` and a language, e.g. `language de`; the languages are %(codes)s.")
            % {"codes": ", ".join(language_codes())}
        )
    code = command_words.language_code(words[1]) or words[1]
    profile_language_set(user=ctx.user, language=code)
    translation.activate(language_supported(code))  # this answer in it too
    return part("language")


def _resign(ctx: Context) -> dict:
    if ctx.game is None:
        raise InvalidRequest(_("Send `resign` in a reply to a mail of the game you want to leave."))
    services.seat_resign(game_id=ctx.game.pk, user=ctx.user)
    return part("resigned", game_id=ctx.game.pk)


def _vacation(ctx: Context, days: int) -> dict:
    taken = services.vacation_take(user=ctx.user, days=days)
    return part(
        "vacation", days=days, until=moment(taken.get("ends_at")), moved=taken.get("decisions_moved", 0),
        left=taken.get("remaining_days", "?"), allowance=taken.get("allowance_days", "?"),
    )  # fmt: skip


def _move(ctx: Context, line: str, index: int) -> dict:
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
    results = []

    for j, action in enumerate(actions):
        result = services.move_submit(
            game_id=game.pk,
            seat=ctx.seat,
            action=action,
            source=Move.Source.EMAIL,
            idempotency_key=f"email:{key_hash(ctx.row.key)}:{index}:{j}",
        )
        results.append({"sealed": bool(result.sealed), "commitment": result.commitment if result.sealed else ""})
    return part("moves", results=results)


def _no_commands(ctx: Context, skipped: list[dict], error: str = "") -> Answer:
    """Nothing was run: no line was a command. ``error``: what the game said
    of the first line it could not read."""
    return ctx.answer(
        InboundMessage.Status.REFUSED,
        "no commands",
        part("no_commands", skipped=skipped, error=error, help=None if error else _help_for(ctx)),
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


def _done(ctx: Context, done: list[dict], moved: bool, skipped: list[dict]) -> dict:
    """What was done, what was not read as a command and why, and, after
    moves, the situation they made (applied here, so the answer shows the
    situation now and a reply to it is current). "Done:" only when every
    line the player wrote was run."""
    status = None
    if moved and ctx.game is not None:
        services.game_advance(game_id=ctx.game.pk)
        status = _status(ctx)
    meant = any(s["kind"] == "text" for s in skipped)  # a line the player may have meant as a command
    return part("done", done=done, skipped=skipped, meant=meant, status=status)


def _skipped(line: str, why: dict, kind: str = "text") -> dict:
    """A line not read as a command, why (a part), and its kind: "text" for a
    line the player may have meant as a command, else greeting/closing/signed."""
    return {"line": line, "why": why, "kind": kind}


def _run(ctx: Context, read: list) -> Answer:
    """Run the player's lines in order. Greetings, closings and lines that
    are no command at all are skipped (and listed in the answer); the first
    refused command stops the rest, so no later move runs as if it had
    succeeded."""
    read = orders.lines_join(read)
    done: list[dict] = []
    skipped: list[dict] = []
    moved = False
    lines = [x.text for x in read if x.kind == "text"]
    words = None
    first_error = ""
    i = -1
    for item in read:
        if item.kind != "text":
            skipped.append(_skipped(item.text, part("why", why=item.kind), item.kind))
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
            said = part("why", why=why) if why is not None else None
            if said is None and done and i == len(lines) - 1:
                # The last line, after commands, no command: a signature or a
                # name the filters did not know. Nothing follows it to protect.
                said = part("text", text=e.message)
            if said is None:
                return _refused(ctx, lines, i, line, e, done, skipped)
            skipped.append(_skipped(line, said))
            first_error = first_error or e.message
            continue
        except ServiceError as e:
            return _refused(ctx, lines, i, line, e, done, skipped)
        done.append({"line": line, "said": said})
    if not done:
        return _no_commands(ctx, skipped, first_error)
    outcome = f"{len(done)} done" + (f", {len(skipped)} skipped" if skipped else "")
    return ctx.answer(InboundMessage.Status.PROCESSED, outcome, _done(ctx, done, moved, skipped))


def _refused(ctx: Context, lines: list[str], i: int, line: str, e, done: list[dict], skipped=()) -> Answer:
    allowed = None
    if ctx.game is not None and not isinstance(e, ParseError):
        allowed, text = _allowed(ctx)
        if text in e.message:
            allowed = None
    return ctx.answer(
        InboundMessage.Status.PROCESSED if done else InboundMessage.Status.REFUSED,
        f"{len(done)} done, then refused at line {i + 1}",
        part("refused", done=done, line=line, error=e.message, allowed=allowed, rest=lines[i + 1:], skipped=list(skipped)),
    )
