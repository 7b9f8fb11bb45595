"""Bad command lines: counts internal errors (a traceback, or an exception's name where a
sentence should be) and exit codes other than 0, 1 or 2.

    python bench/probe_cli.py [--runs 1000] [--processes 40] [--seed 1]

Builds command lines from a seeded random generator: every command and option, in any
order, with values of any characters, unknown books, facts that are no facts, folders that
do not exist or hold no books. Most run in this process, over one knowledge base loaded
once (loading it is what every real run pays; the probe is about the arguments); the first
`--processes` run as real processes, half of them under an ASCII-only locale.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

HOUSES = ["all", "roberts-home", "catfish-bend", "homepokertourney", "bellagio", "", "ALL", "roberts-home "]
FACTS = [
    "event=misdeal-claim",
    "event=exposed-card",
    "card=holecard",
    "card_number=2",
    "card_number=1e999",
    "card_number=nan",
    "players_acted=two",
    "players_acted=-1",
    "=",
    "x=",
    "event",
    "away_to_eat=maybe",
]
PATHS = ["/nonexistent", "/etc", "/dev/null", ".", "rules", "rules/catfish-bend", "tests/fixtures/broken"]
TEXTS = ["dealer flashed seat 4's second card", "¿qué pasó? 庄家 🂡", "a" * 3000, "", "-", "\u202e\u0007"]
GAMES = ["holdem", "holdum", "omaha", "stud", "", "all"]
OPTIONS = {
    "validate": [("--conflicts", None), (None, PATHS)],
    "books": [("--json", None), ("--path", PATHS)],
    "ruling": [("--house", HOUSES), ("--game", GAMES), ("--structure", ["limit", "no-limit", "x"]),
               ("--format", ["cash", "tournament", "x"]), ("--fact", FACTS), ("--fact", FACTS),
               ("--answer", FACTS), ("--json", None), (None, TEXTS)],
    "diff": [(None, HOUSES), (None, HOUSES), ("--json", None), ("--markdown", None), ("--section", TEXTS),
             ("--game", GAMES), ("--substantive", None), ("--rulings", None), ("--situations", PATHS),
             ("--color", ["auto", "always", "never", "x"])],
}  # fmt: skip
INTERNAL = re.compile(r"Traceback|pokerrules: [A-Z]\w*(Error|Exception|Warning): ")


def junk(rng: random.Random) -> str:
    return "".join(chr(rng.randrange(32, 0x3000)) for _ in range(rng.randrange(1, 20)))


def command_line(rng: random.Random) -> list[str]:
    """Mostly well-formed (so the engine, not only the parser, meets the values), with junk."""
    command = rng.choice(sorted(OPTIONS))
    argv = [command]
    for option, values in rng.sample(OPTIONS[command], rng.randrange(len(OPTIONS[command]) + 1)):
        argv += [option] if option else []
        if values is not None:
            argv.append(rng.choice(values) if rng.random() < 0.85 else junk(rng))
    if rng.random() < 0.15:
        argv.insert(rng.randrange(len(argv) + 1), junk(rng))
    return argv


def in_process(argv: list[str]) -> tuple[int, str]:
    from engine.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as leaving:
            code = leaving.code if isinstance(leaving.code, int) else 2
    return code, err.getvalue()


def as_process(argv: list[str], ascii_only: bool) -> tuple[int, str]:
    env = {**os.environ, **({"LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": "ascii"} if ascii_only else {})}
    done = subprocess.run(
        [sys.executable, "-m", "engine.cli", *argv], capture_output=True, env=env, cwd=ROOT, timeout=300
    )
    return done.returncode, done.stderr.decode("utf-8", "replace")


def load_once() -> None:
    """Every command reads the bundled books from what was loaded once."""
    from engine.books.loader import load_library
    from engine.cli import commands
    from engine.freetext.knowledge import KnowledgeBase

    library = load_library()
    kb = KnowledgeBase.load()
    load = KnowledgeBase.load
    commands.KnowledgeBase.load = classmethod(  # type: ignore[method-assign]
        lambda cls, root=None, houses=None: kb if root is None and not houses else load(root, houses=houses)
    )
    read = commands.load_library
    commands.load_library = lambda root=None, **more: (
        library if root is None and not more else read(root, **more)
    )
    try:
        import engine.serving
    except ImportError:  # an engine from before the problems were found in one place
        return
    found = engine.serving.every_problem(library)
    check = engine.serving.every_problem
    engine.serving.every_problem = lambda lib: list(found) if lib is library else check(lib)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--processes", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lines = [command_line(rng) for _ in range(args.runs)]
    started = time.monotonic()
    results = []
    for index, argv in enumerate(lines[: args.processes]):
        results.append((argv, *as_process(argv, ascii_only=index % 2 == 1)))
    load_once()
    results += [(argv, *in_process(argv)) for argv in lines[args.processes :]]
    codes = Counter(code for _, code, _ in results)
    internal = [(argv, err) for argv, code, err in results if INTERNAL.search(err) or code not in (0, 1, 2)]
    print(
        f"{len(results)} command lines ({args.processes} as processes) in {time.monotonic() - started:.0f} s:"
    )
    print("  exit codes: " + ", ".join(f"{code}: {count}" for code, count in sorted(codes.items())))
    print(f"  internal errors (a traceback, an exception's name, another exit code): {len(internal)}")
    kinds = {}
    for argv, err in internal:
        last = err.strip().splitlines()[-1][:200] if err.strip() else ""
        kinds.setdefault(re.sub(r"'.*", "", last), (argv, last))
    for argv, last in list(kinds.values())[:8]:
        print("  e.g.", argv, last)


if __name__ == "__main__":
    main()
