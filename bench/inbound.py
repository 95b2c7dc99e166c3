"""Inbound mail → applied move, per second.

    python -m bench.inbound [--games 200] [--workers 1]

On a stack of its own (bench/stack.py), Citadels games with 4 human seats;
for every game, the player whose turn it is answers the your-move mail: a
real RFC 5322 message from the player's address to the game's reply address
with the command for a legal move (``engine.command``). All mails are stored
as the SMTP server stores them (``inbound_store``) in one transaction, so
their ``process_inbound`` tasks reach the worker at once; the figure is mails
processed and their moves applied per second, until the last move of the
batch is applied. The answer mails are written and sent by the same worker
(at a lower priority), as in production.
"""

from __future__ import annotations

import argparse
import time
from email.message import EmailMessage
from email.utils import make_msgid

from bench.stack import Stack, machine


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--workers", type=int, default=1, help="worker processes")
    args = ap.parse_args(argv)

    stack = Stack("inbound")
    stack.env["PBEM_INBOUND_LIMIT"] = "100000"  # four senders send every mail of the run
    stack.database_create()
    try:
        stack.django_setup()
        from django.db import transaction

        from bench.moves import Table, games_build
        from notifications.models import InboundMessage, ReplyAddress
        from pbem.email.services import inbound_store
        from pbem.models import Game, Move

        print(f"machine: {machine()}")
        ids, _ = games_build(citadels=args.games, augsburg=0)
        tables = [Table(i) for i in ids]
        workers = [stack.worker_start() for _ in range(args.workers)]
        time.sleep(5)  # the workers ready, the start's tasks done
        total_mails, total_time = 0, 0.0
        for _ in range(args.rounds):
            mails = []
            for t in tables:
                t.resync()
                (d,) = t.engine.decisions(t.state)
                seat = d["seat"]
                action = t.engine.bot(t.state, seat, t.rng)
                reply = ReplyAddress.objects.select_related("user").get(game_id=t.id, seat=seat)
                msg = EmailMessage()
                msg["From"] = reply.user.email
                msg["To"] = reply.address
                msg["Subject"] = "Re: your move"
                msg["Message-ID"] = make_msgid(domain="example.org")
                msg.set_content(t.engine.command(t.state, seat, action) + "\n")
                mails.append((t, msg.as_bytes(), reply.user.email, reply.address))
            versions = {t.id: t.version for t in tables}
            before = Move.objects.filter(source="email").count()
            with transaction.atomic():
                for _t, raw, sender, to in mails:
                    inbound_store(raw=raw, source="smtp", envelope_sender=sender, envelope_recipients=[to])
            start = time.perf_counter()
            while Move.objects.filter(source="email").count() - before < len(mails):
                if time.perf_counter() - start > 300:
                    break
                time.sleep(0.02)
            # applied: every game past the version the mail answered
            while sum(1 for g in Game.objects.filter(pk__in=versions).values("pk", "version") if g["version"] > versions[g["pk"]]) < len(mails):
                if time.perf_counter() - start > 300:
                    break
                time.sleep(0.02)
            spent = time.perf_counter() - start
            total_mails += len(mails)
            total_time += spent
            print(f"  {len(mails)} mails → {Move.objects.filter(source='email').count() - before} moves, applied in {spent:.1f}s")
        print(f"\ninbound, {args.workers} worker process(es): {total_mails / total_time:.1f} mails → applied moves per second")
        statuses = list(InboundMessage.objects.values_list("status", flat=True))
        print(f"  mails by status: { {s: statuses.count(s) for s in sorted(set(statuses))} }")
        for w in workers:
            stack.stop(w)
        return 0
    finally:
        stack.close()


if __name__ == "__main__":
    raise SystemExit(main())
