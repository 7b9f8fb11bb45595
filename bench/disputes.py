"""What a person is shown for a realistic dispute, end to end, and how well the words are read.

    python bench/disputes.py [--set SET|PATH ...] [--show] [--facts]

Each dispute is asked of `/api/ruling` (the Flask app in this process: the JSON a phone gets)
with the words and what the person picked, and sorted as a floor supervisor would judge it:

  right             ruled, and the governing rule is the labelled one (or one in `also`)
  right question    a deciding fact is missing, and the question asked first is about it
  other question    a deciding fact is missing; a question is asked, but first about another
  asked             a deciding fact is missing and a question is asked (a set naming no fact)
  needless question the words decide it, yet a question is asked
  assumed           a deciding fact is missing, yet it is ruled
  wrong rule        ruled by another rule
  no rule           no rule found

With `--unseen`, each set is ranked without its own disputes among the example disputes
(tools/learn_examples.py files every development set's disputes as examples): the figure for
a development set as for disputes nobody labelled.

`shown right` = right + right question (+ asked). The line `score.py would say` counts any question on an
`ask` dispute as right, as ../shared/disputes/score.py does. Also printed: the rule key ranking
(top-1 / top-3 of `candidates`) and the latency of a free-text ruling (p50 / p99). With
`--facts`, the fact reader as a component: for every labelled fact, was it read, with the right
value; for every fact read, was it labelled (precision and recall, per fact). Measured only.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.ruling_latency import percentile  # noqa: E402
from engine.books.loader import load_library  # noqa: E402
from engine.books.quoting import keys_quoting, squash  # noqa: E402
from engine.freetext.knowledge import KnowledgeBase  # noqa: E402
from engine.freetext.lexicon import dispute_examples  # noqa: E402
from engine.freetext.understand import understand  # noqa: E402
from web import create_app  # noqa: E402

SETS = {
    "dev": ROOT / "tests" / "disputes" / "dev.yaml",
    "holdout": ROOT / "tests" / "disputes" / "holdout.yaml",
    "retold": ROOT / "tests" / "disputes" / "retold.yaml",
    "retold-2": ROOT / "tests" / "disputes" / "retold-2.yaml",
    "from-books": ROOT / "tests" / "disputes" / "from-books.yaml",
    "holdout-retold": ROOT / "tests" / "disputes" / "holdout-retold.yaml",
    "holdout-from-books": ROOT / "tests" / "disputes" / "holdout-from-books.yaml",
    "retold-3": ROOT / "tests" / "disputes" / "retold-3.yaml",
    "dealer-reports": ROOT / "tests" / "disputes" / "dealer-reports.yaml",
    "holdout-texted": ROOT / "tests" / "disputes" / "holdout-texted.yaml",
    "retold-4": ROOT / "tests" / "disputes" / "retold-4.yaml",
    "less-common": ROOT / "tests" / "disputes" / "less-common.yaml",
    "radio": ROOT / "tests" / "disputes" / "radio.yaml",
    "holdout-at-table": ROOT / "tests" / "disputes" / "holdout-at-table.yaml",
    "phone-notes": ROOT / "tests" / "disputes" / "phone-notes.yaml",
    "retold-5": ROOT / "tests" / "disputes" / "retold-5.yaml",
}
VERDICTS = (
    "right",
    "right question",
    "asked",
    "other question",
    "needless question",
    "assumed",
    "wrong rule",
    "no rule",
    "error",
)
CONTEXT = ("game", "structure", "format")


def carries(rule: dict[str, Any], refs: list[dict[str, Any]]) -> bool:
    """Is this shown rule one of the labelled ones: the same book, its text carrying the phrase?"""
    body = squash(rule.get("text"))
    return any(rule.get("book") == ref["book"] and squash(ref["phrase"]) in body for ref in refs)


def labelled_keys(refs: list[dict[str, Any]], rules_by_book: dict[str, list[Any]]) -> set[str]:
    """The rule keys of the labelled rules: the records whose text carries the phrase."""
    return {key for ref in refs for key in keys_quoting(rules_by_book.get(ref["book"], ()), ref["phrase"])}


def judge(dispute: dict[str, Any], answer: dict[str, Any] | None) -> str:
    if not answer or "status" not in answer:
        return "error"
    refs = [dispute["ruling"], *(dispute.get("also") or [])]
    ask = dispute.get("ask")
    status = answer["status"]
    if status == "needs-facts":
        if not ask:
            return "needless question"
        if not isinstance(ask, dict):  # a set that words the question but names no fact
            return "asked"
        first = (answer.get("questions") or [{}])[0].get("fact")
        return "right question" if first == ask["fact"] else "other question"
    if status in ("ruled", "conflict"):
        if ask:
            return "assumed"
        return "right" if answer["rulings"] and carries(answer["rulings"][0], refs) else "wrong rule"
    return "no rule"


def ask(client: Any, dispute: dict[str, Any]) -> tuple[dict[str, Any] | None, float, float]:
    """The answer, the wall time it took and the CPU time this thread spent on it (what a
    request costs on a quiet machine; the wall time also counts other processes' turns)."""
    params = [("house", dispute["house"]), ("q", dispute["text"])]
    params += [(name, value) for name, value in (dispute.get("picked") or {}).items() if value]
    start, cpu = time.perf_counter(), time.thread_time()
    response = client.get("/api/ruling", query_string=params)
    elapsed, spent = time.perf_counter() - start, time.thread_time() - cpu
    return (response.get_json(silent=True) if response.status_code < 500 else None), elapsed, spent


def read_facts(answer: dict[str, Any] | None) -> dict[str, str]:
    """What the person is shown as read: facts and game/structure/format, from the words or
    from the rule the words match."""
    return {name: str(item["value"]).lower() for name, item in ((answer or {}).get("inferred") or {}).items()}


def reader_facts(kb: Any, dispute: dict[str, Any]) -> dict[str, str]:
    """What the fact reader alone reads in the words (engine.freetext.understand)."""
    read = understand(dispute["text"], kb.speller)
    return {name: str(value).lower() for name, value in {**read.facts, **read.context}.items()}


def fact_tally(disputes: list[dict[str, Any]], reads: list[dict[str, str]]) -> dict[str, Counter]:
    tally: dict[str, Counter] = defaultdict(Counter)
    for dispute, read in zip(disputes, reads, strict=True):
        picked = dispute.get("picked") or {}
        if not isinstance(dispute.get("facts"), dict):  # facts in words: nothing to count
            continue
        labelled = {
            name: str(value).lower() if not isinstance(value, bool) else ("true" if value else "false")
            for name, value in (dispute.get("facts") or {}).items()
            if name not in picked
        }
        for name, value in labelled.items():
            got = read.get(name)
            tally[name]["labelled"] += 1
            tally[name]["found" if got == value else ("wrong value" if got is not None else "missed")] += 1
        for name in read:
            if name not in labelled:
                tally[name]["read, not labelled"] += 1
    return tally


def print_facts(label: str, tally: dict[str, Counter], verbose: bool) -> None:
    total = Counter()
    for name, counts in tally.items():
        if name != "event":  # what happened: read by the whole lookup, reported on its own line
            total.update(counts)
    read = total["found"] + total["wrong value"] + total["read, not labelled"]
    on_labelled = total["found"] + total["wrong value"]
    print(
        f"{label}, facts other than the event: recall {total['found'] / max(total['labelled'], 1):.1%} "
        f"of {total['labelled']} labelled facts; precision {total['found'] / max(on_labelled, 1):.1%} "
        f"where the label names the fact ({total['wrong value']} wrong of {on_labelled}); "
        f"{total['read, not labelled']} more the label does not list "
        f"(precision counting them wrong: {total['found'] / max(read, 1):.1%})"
    )
    event = tally.get("event", Counter())
    print(
        f"    event (what happened): {event['found']} right, {event['wrong value']} wrong, "
        f"{event['missed']} not read, of {event['labelled']}"
    )
    if verbose:
        for name, counts in sorted(tally.items(), key=lambda item: -item[1]["labelled"]):
            print(
                f"    {name:<28} labelled {counts['labelled']:>3}  found {counts['found']:>3}  "
                f"wrong {counts['wrong value']:>2}  missed {counts['missed']:>3}  "
                f"unlabelled {counts['read, not labelled']:>3}"
            )


def run(path: Path, client: Any, rules_by_book: dict[str, list[Any]], show: bool, facts: bool) -> None:
    disputes = yaml.safe_load(path.read_text(encoding="utf-8"))
    rows, timings, answers, cpu_times = [], [], [], []
    for dispute in disputes:
        answer, elapsed, spent = ask(client, dispute)
        cpu_times.append(spent)
        answers.append(answer)
        timings.append(elapsed)
        verdict = judge(dispute, answer)
        refs = [dispute["ruling"], *(dispute.get("also") or [])]
        ranked = (answer or {}).get("candidates") or []
        keys = labelled_keys(refs, rules_by_book)
        rows.append(
            {
                "house": dispute["house"],
                "verdict": verdict,
                "ask": bool(dispute.get("ask")),
                "top1": bool(keys & set(ranked[:1])),
                "top3": bool(keys & set(ranked[:3])),
            }
        )
        if show and verdict not in ("right", "right question", "asked"):
            print_miss(dispute, answer, verdict)
    print(f"\n== {path.name}: {len(rows)} disputes")
    for house in sorted({row["house"] for row in rows}):
        print_line(f"  {house}", [row for row in rows if row["house"] == house])
    print_line("  all", rows)
    strict = Counter(row["verdict"] for row in rows)
    loose = strict["right"] + strict["right question"] + strict["asked"] + strict["other question"]
    print(f"  score.py would say: shown right {loose / len(rows):.1%}")
    keyed = [row for row in rows if not row["ask"]]
    print(
        f"  key ranking (disputes without a missing fact): "
        f"top-1 {sum(r['top1'] for r in keyed) / len(keyed):.1%}, "
        f"top-3 {sum(r['top3'] for r in keyed) / len(keyed):.1%}"
    )
    ms = sorted(t * 1000 for t in timings)
    cpu = sorted(t * 1000 for t in cpu_times)
    print(
        f"  latency of /api/ruling in process: "
        f"p50 {percentile(ms, 0.5):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms; "
        f"CPU time per ruling p50 {percentile(cpu, 0.5):.1f} ms, p99 {percentile(cpu, 0.99):.1f} ms"
    )
    kb = client.application.extensions["pokerrules"]
    print_facts(
        "fact reader (the words alone)", fact_tally(disputes, [reader_facts(kb, d) for d in disputes]), facts
    )
    print_facts(
        "facts shown as read (words and matched rule)",
        fact_tally(disputes, [read_facts(a) for a in answers]),
        False,
    )


def print_line(label: str, rows: list[dict[str, Any]]) -> None:
    counts = Counter(row["verdict"] for row in rows)
    shown = counts["right"] + counts["right question"] + counts["asked"]
    parts = ", ".join(f"{verdict} {counts[verdict]}" for verdict in VERDICTS if counts[verdict])
    print(
        f"{label:<20} shown right {shown / len(rows):6.1%} of {len(rows):>3}  "
        f"wrong {counts['wrong rule'] / len(rows):5.1%}  "
        f"needless {counts['needless question'] / len(rows):5.1%}"
        f"  ({parts})"
    )


def print_miss(dispute: dict[str, Any], answer: dict[str, Any] | None, verdict: str) -> None:
    answer = answer or {}
    shown = (answer.get("rulings") or [{}])[0]
    questions = [q.get("fact") for q in answer.get("questions") or []]
    read = ", ".join(f"{k}={v}" for k, v in read_facts(answer).items())
    want = dispute["ruling"]
    print(
        f"{dispute['id']} [{dispute['house']}] {verdict}: {dispute['text'][:150]!r}\n"
        f"    want {want['book']} {want.get('section')} {want.get('number')}: {want['phrase'][:70]!r}"
        f"{'  ask ' + str(dispute['ask']) if dispute.get('ask') else ''}\n"
        f"    got  {answer.get('status')} {shown.get('id')} questions {questions}\n"
        f"    read {read}\n    facts {dispute.get('facts')}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--set",
        action="append",
        help=f"{', '.join(SETS)} or a file (default: dev and holdout)",
    )
    parser.add_argument("--show", action="store_true", help="print every dispute not shown right")
    parser.add_argument("--facts", action="store_true", help="the fact reader per fact")
    parser.add_argument(
        "--unseen",
        action="store_true",
        help="rank each set without its own disputes among the example disputes (tools/learn_examples.py)",
    )
    args = parser.parse_args()
    rules_by_book: dict[str, list[Any]] = defaultdict(list)
    for rule in load_library().rules:
        rules_by_book[rule.book].append(rule)
    client = None if args.unseen else _client(create_app())
    for name in args.set or ["dev", "holdout"]:
        path = SETS.get(name, Path(name))
        run(path, client or _client(create_app(_unseen(path))), rules_by_book, args.show, args.facts)


def _client(app: Any) -> Any:
    client = app.test_client()
    client.get("/api/ruling", query_string={"house": "roberts-home", "q": "warm up the model"})
    return client


def _unseen(path: Path) -> KnowledgeBase:
    """The bundled knowledge base with the set's own disputes taken out of the example
    disputes, as for a dispute nobody has labelled: what a held-out set measures."""
    bundled = KnowledgeBase.load()
    own = {" ".join(str(d["text"]).split()) for d in yaml.safe_load(path.read_text(encoding="utf-8"))}
    told = {key: [text for text in said if text not in own] for key, said in dispute_examples("told").items()}
    return KnowledgeBase(bundled.library, bundled.vocab, told=told)


if __name__ == "__main__":
    main()
