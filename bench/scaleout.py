"""Web and worker on separate machines against one PostgreSQL and Redis.

    python -m bench.scaleout [--clients 16] [--seconds 10] [--workers 2]   (as root: ip netns)

Each "machine" is a Linux network namespace of its own (``ip netns``) joined
to this host by a veth pair: gunicorn runs in one, the Celery worker
processes in another. Neither can reach this host's loopback, where
PostgreSQL and Redis listen; each is given their TCP addresses on its veth
link (forwarded to the servers by socat) in DATABASE_URL and REDIS_URL,
and nothing else. The load client (this process) reaches the web namespace
over its link, plays the move path as bench.moves does, and the figures
show the same service working across the split.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import time

from bench.stack import Stack, machine, ms


def sh(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(args, check=check, capture_output=True, text=True)


class Namespace:
    """A namespace ``name`` on 10.77.<net>.2, this host on 10.77.<net>.1."""

    def __init__(self, name: str, net: int):
        self.name, self.host, self.addr = name, f"10.77.{net}.1", f"10.77.{net}.2"
        self.outside, self.inside = f"{name[:9]}o", f"{name[:9]}i"
        sh("ip", "netns", "add", name)
        sh("ip", "link", "add", self.outside, "type", "veth", "peer", "name", self.inside)
        sh("ip", "link", "set", self.inside, "netns", name)
        sh("ip", "addr", "add", f"{self.host}/24", "dev", self.outside)
        sh("ip", "link", "set", self.outside, "up")
        sh("ip", "netns", "exec", name, "ip", "addr", "add", f"{self.addr}/24", "dev", self.inside)
        sh("ip", "netns", "exec", name, "ip", "link", "set", self.inside, "up")
        sh("ip", "netns", "exec", name, "ip", "link", "set", "lo", "up")
        self.forwards = [
            subprocess.Popen(
                ["socat", f"TCP-LISTEN:{port},bind={self.host},fork,reuseaddr", f"TCP:127.0.0.1:{port}"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )
            for port in (5432, 6379)
        ]  # fmt: skip

    @property
    def wrap(self) -> list[str]:
        return ["ip", "netns", "exec", self.name]

    def close(self) -> None:
        for p in self.forwards:
            p.terminate()
            p.wait(5)
        sh("ip", "link", "del", self.outside, check=False)
        sh("ip", "netns", "del", self.name, check=False)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--workers", type=int, default=2, help="worker processes in the worker namespace")
    ap.add_argument("--citadels", type=int, default=100)
    args = ap.parse_args(argv)

    stack = Stack("scaleout")
    stack.database_create()
    tag = str(os.getpid() % 10000)
    web_ns = worker_ns = None
    try:
        stack.django_setup()
        from bench.moves import Table, api_run, games_build, report_e2e

        print(f"machine: {machine()}")
        ids, tokens = games_build(citadels=args.citadels, augsburg=0)
        web_ns, worker_ns = Namespace(f"pbw{tag}", 1), Namespace(f"pbk{tag}", 2)

        def remote(ns: Namespace) -> dict:
            return {
                "DATABASE_URL": f"postgres://postgres@{ns.host}:5432/{stack.db_name}",
                "REDIS_URL": stack.redis_url.replace("127.0.0.1", ns.host),
            }

        # each side sees the servers only by their addresses on its own link
        probe = sh(*worker_ns.wrap, "pg_isready", "-h", "127.0.0.1", "-t", "2", check=False)
        print(f"worker namespace, PostgreSQL on its own loopback: {probe.stdout.strip() or probe.stderr.strip()}")
        probe = sh(*worker_ns.wrap, "pg_isready", "-h", worker_ns.host, "-t", "2", check=False)
        print(f"worker namespace, PostgreSQL at {worker_ns.host} (its link): {probe.stdout.strip()}")
        url = stack.web_start(
            workers=4, host=web_ns.addr, port=8000, wrap=web_ns.wrap, extra_env=remote(web_ns) | {"DJANGO_ALLOWED_HOSTS": web_ns.addr}
        )
        for i in range(args.workers):
            stack.worker_start(wrap=worker_ns.wrap, extra_env=remote(worker_ns), name=f"remote{i}")
        from bench.moves import wait_settled

        print(f"web at {url} (namespace {web_ns.name}), {args.workers} worker process(es) in namespace {worker_ns.name}")
        print(f"the opening mails sent in {wait_settled(300):.1f}s")
        tables = [Table(i) for i in ids]
        r = api_run(url, tokens, tables, args.clients, args.seconds)
        print(
            f"\nAPI across namespaces, {args.clients} clients: {r['moves']} moves accepted, {r['per_second']:.1f} moves/s, "
            f"POST {ms(r['latencies'])}; refused {r['refused'] or 'none'}; settled {r['settle']:.1f}s after"
        )
        report_e2e(f"{args.clients} clients, across namespaces", r["e2e"])
        return 0
    finally:
        stack.close()
        for ns in (web_ns, worker_ns):
            if ns is not None:
                ns.close()
        time.sleep(0.5)


if __name__ == "__main__":
    raise SystemExit(main())
