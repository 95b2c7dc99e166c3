"""The top items of a py-spy profile (``--format raw``: collapsed stacks),
each with its share of all samples, counted once per stack (inclusive).

    python -m bench.profile_top var/profile/web-0.txt [--top 25] [--match pbem/ notifications/ ...]
"""

from __future__ import annotations

import argparse
import re
from collections import Counter

# a frame is "function (path/to/file.py:line)"; the line is dropped so a function counts once
_FRAME = re.compile(r"^(?P<func>.*?) \((?P<file>[^:()]+)(?::\d+)?\)$")


def _name(frame: str) -> str:
    m = _FRAME.match(frame.strip())
    if not m:
        return frame.strip()
    path = m["file"]
    for marker in ("site-packages/", "/lib/python3", "/work/wt/perf/", "/pbem/", "/repo/"):
        if marker in path:
            path = path.split(marker, 1)[1]
    return f"{m['func']} ({path})"


def top(path: str, *, matches: tuple[str, ...], limit: int, within: str = "") -> tuple[int, list[tuple[str, int]]]:
    totals: Counter[str] = Counter()
    samples = 0
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            stack, _, count = line.rstrip("\n").rpartition(" ")
            if not count.isdigit():
                continue
            n = int(count)
            frames = stack.split(";")
            if any("idle" in fr for fr in frames[-1:]):
                continue
            seen = {_name(fr) for fr in frames}
            if within and not any(within in name for name in seen):
                continue
            samples += n
            for name in seen:
                if not matches or any(m in name for m in matches):
                    totals[name] += n
    return samples, totals.most_common(limit)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--match", nargs="*", default=[])
    ap.add_argument("--within", default="", help="only the stacks through this function, e.g. 'game_advance (pbem'")
    args = ap.parse_args(argv)
    for path in args.files:
        samples, rows = top(path, matches=tuple(args.match), limit=args.top, within=args.within)
        print(f"\n{path}: {samples} samples" + (f" through {args.within}" if args.within else ""))
        for name, n in rows:
            print(f"  {100 * n / max(1, samples):5.1f} %  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
