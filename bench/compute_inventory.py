"""Each registered computation, the rule keys it serves, and how many test cases exercise it,
measured by running them (for the issue's note): nothing here is typed in.

    python bench/compute_inventory.py [--no-modules]

- **cases**: the YAML cases of tests/compute/*.yaml, each ruled as test_compute_cases rules
  it; a case counts for the computation whose answer (or number question) the ruling carries.
- **tests**: the test functions of the other compute test modules (tests/test_compute_*.py
  but the YAML runner) run in this process under pytest; a test counts for a computation when
  the computation ran and gave an answer or asked a number, or when the test called directly
  a function of its module that the computation calls (the arithmetic beneath it: a PokerKit
  or property test of `minimum_to` counts for the no-limit minimum). A hypothesis test counts
  once, however many examples it runs; tests that run the CLI in a subprocess are not seen.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine.compute.catalog  # noqa: E402,F401  (registers every computation)
from engine.compute.model import Answer, Wanted  # noqa: E402
from engine.compute.registry import REGISTRY, Computation  # noqa: E402

CASES = ROOT / "tests" / "compute"
TESTS_DIR = str(ROOT / "tests")


def computations() -> dict[Computation, list[str]]:
    """Each registered function and the keys it serves, in registration order."""
    served: dict[Computation, list[str]] = {}
    for key, functions in REGISTRY.items():
        for function in functions:
            served.setdefault(function, []).append(key)
    return served


def label(function: Computation) -> str:
    return f"{function.__module__.removeprefix('engine.compute.')}.{function.__name__}"


class Recorder:
    """Wraps every registered computation; remembers which gave an answer or asked a number."""

    def __init__(self, served: dict[Computation, list[str]]) -> None:
        self.fired: dict[Computation, Answer | Wanted] = {}
        self.wrapped: dict[Computation, Computation] = {fn: self._wrap(fn) for fn in served}
        for key, functions in REGISTRY.items():
            REGISTRY[key] = [self.wrapped[fn] for fn in functions]

    def _wrap(self, function: Computation) -> Computation:
        def wrapper(table: Any) -> Answer | Wanted | None:
            found = function(table)
            if found is not None:
                self.fired.setdefault(function, found)
            return found

        return wrapper


def count_cases(recorder: Recorder) -> dict[Computation, int]:
    """How many YAML cases each computation answers (the last to answer in the ruling)."""
    import yaml

    from engine.answer import answer_dispute
    from engine.freetext.knowledge import KnowledgeBase

    kb = KnowledgeBase.load()
    counts: dict[Computation, int] = defaultdict(int)
    for path in sorted(CASES.glob("*.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8")):
            recorder.fired.clear()
            answer_dispute(
                kb,
                case["house"],
                case.get("text"),
                game=case.get("game"),
                structure=case.get("structure"),
                format=case.get("format"),
                facts=dict(case.get("facts") or {}),
                numbers={name: str(value) for name, value in (case.get("num") or {}).items()},
            )
            answered = [fn for fn, found in recorder.fired.items() if isinstance(found, Answer)]
            for function in answered[-1:] or list(recorder.fired)[:1]:
                counts[function] += 1
    return counts


class TestTracer:
    """A pytest plugin: for each test, the computations it exercised."""

    def __init__(self, recorder: Recorder, served: dict[Computation, list[str]]) -> None:
        self.recorder = recorder
        self.by_module: dict[str, list[Computation]] = defaultdict(list)
        for function in served:
            self.by_module[function.__module__].append(function)
        self.files = {sys.modules[name].__file__: name for name in self.by_module}
        self.touched: set[Computation] = set()
        self.counts: dict[Computation, int] = defaultdict(int)

    def _profile(self, frame: FrameType, event: str, arg: object) -> None:
        if event != "call" or frame.f_code.co_filename not in self.files:
            return
        caller = frame.f_back
        if caller is not None and caller.f_code.co_filename.startswith(TESTS_DIR):
            helper = frame.f_code.co_name
            self.touched.update(
                function
                for function in self.by_module[self.files[frame.f_code.co_filename]]
                if function.__code__ is frame.f_code or helper in function.__code__.co_names
            )

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_call(self, item: Any) -> None:  # noqa: ARG002
        self.recorder.fired.clear()
        self.touched.clear()
        sys.setprofile(self._profile)

    def pytest_runtest_teardown(self, item: Any) -> None:  # noqa: ARG002
        sys.setprofile(None)
        for function in set(self.recorder.fired) | self.touched:
            self.counts[function] += 1


def count_tests(recorder: Recorder, served: dict[Computation, list[str]]) -> dict[Computation, int]:
    modules = sorted(
        str(p) for p in (ROOT / "tests").glob("test_compute_*.py") if p.name != "test_compute_cases.py"
    )
    tracer = TestTracer(recorder, served)
    os.chdir(ROOT)
    pytest.main(["-q", "-p", "no:cacheprovider", "--no-header", "-x", *modules], plugins=[tracer])
    return tracer.counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-modules", action="store_true", help="count the YAML cases only (fast)")
    args = parser.parse_args()
    served = computations()
    recorder = Recorder(served)
    cases = count_cases(recorder)
    tests: dict[Computation, int] = {} if args.no_modules else count_tests(recorder, served)
    rows: list[tuple[str, str, str, str]] = []
    for function, keys in served.items():
        rows.append(
            (
                label(function),
                str(cases.get(function, 0)),
                "-" if args.no_modules else str(tests.get(function, 0)),
                ", ".join(keys),
            )
        )
    widths = [
        max(len(row[i]) for row in [("computation", "cases", "tests", "rule keys"), *rows]) for i in range(3)
    ]
    line: Callable[[tuple[str, ...]], str] = lambda row: (  # noqa: E731
        f"{row[0]:<{widths[0]}}  {row[1]:>{widths[1]}}  {row[2]:>{widths[2]}}  {row[3]}"
    )
    print()
    print(line(("computation", "cases", "tests", "rule keys")))
    for row in rows:
        print(line(row))
    untested = [row[0] for row in rows if row[1] == "0" and row[2] in ("0", "-")]
    files = len(list(CASES.glob("*.yaml")))
    print(f"\n{len(rows)} computations; {sum(cases.values())} case answers from {files} YAML files")
    if untested:
        print(f"exercised by no case{'' if args.no_modules else ' and no test'}: {', '.join(untested)}")


if __name__ == "__main__":
    main()
