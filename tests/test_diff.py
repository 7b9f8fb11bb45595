"""Diff: documented differences, wording versus substance, and the three output forms."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

try:
    from yaml import CSafeLoader as SafeLoader
except ImportError:  # PyYAML built without libyaml
    from yaml import SafeLoader  # type: ignore[assignment]

from engine.compare.diff import diff_books
from engine.freetext.knowledge import KnowledgeBase
from engine.render.diff_render import diff_json, diff_markdown, diff_text

DOCUMENTED = yaml.load(
    (Path(__file__).parent / "diffs.yaml").read_text(encoding="utf-8"), Loader=SafeLoader
)  # as yaml.safe_load reads it, with libyaml's faster parser


def change_for(kb: KnowledgeBase, a: str, b: str, key: str):
    found = [c for c in diff_books(kb, a, b).changes if c.key == key]
    return found[0] if found else None


def test_there_are_at_least_forty_documented_differences() -> None:
    assert len(DOCUMENTED) >= 40


@pytest.mark.parametrize("case", DOCUMENTED, ids=[c["what"] for c in DOCUMENTED])
def test_documented_difference(kb: KnowledgeBase, case: dict) -> None:
    change = change_for(kb, case["a"], case["b"], case["key"])
    assert change is not None, f"{case['key']} shows no difference"
    assert change.kind == case["kind"]
    assert change.substantive == case["substantive"], change.reasons
    for name, (old, new) in (case.get("parameters") or {}).items():
        assert change.parameters[name][:2] == (old, new)
    inserted = " ".join(text for op, text in change.words if op == "insert")
    deleted = " ".join(text for op, text in change.words if op == "delete")
    if "inserted" in case:
        assert case["inserted"] in inserted
    if "deleted" in case:
        assert case["deleted"] in deleted


def test_a_book_compared_with_itself_has_no_differences(kb: KnowledgeBase, bundled_book: str) -> None:
    """Once per bundled book (conftest.py reads their ids from the manifests)."""
    diff = diff_books(kb, bundled_book, bundled_book)
    assert diff.changes == () and diff.same == len(kb.effective(bundled_book))


def test_wording_only_changes_are_not_substantive(kb: KnowledgeBase) -> None:
    wording = [c for c in diff_books(kb, "roberts-cardroom", "catfish-bend").changes if not c.substantive]
    assert wording
    assert all(c.kind == "changed" and not c.reasons for c in wording)


def test_substantive_changes_come_first_and_the_filter_keeps_only_them(kb: KnowledgeBase) -> None:
    changes = diff_books(kb, "roberts-home", "catfish-bend").changes
    flags = [c.substantive for c in changes]
    assert flags == sorted(flags, reverse=True)
    only = diff_books(kb, "roberts-home", "catfish-bend", substantive_only=True).changes
    assert only and all(c.substantive for c in only)


def test_section_and_game_filters(kb: KnowledgeBase) -> None:
    holdem = diff_books(kb, "roberts-cardroom", "catfish-bend", section="hold'em").changes
    assert holdem and all("hold" in (c.section.lower()) for c in holdem)
    stud = diff_books(kb, "roberts-home", "catfish-bend", game="stud").changes
    assert stud and all(c.key.split(".")[0] not in ("holdem", "omaha", "lowball") for c in stud)


def test_adding_one_rule_to_a_copy_shows_exactly_one_added(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    shutil.copytree(Path(__file__).parent / "fixtures" / "mini", rules)
    copy = rules / "mini-copy"
    shutil.copytree(rules / "mini-base", copy)
    manifest = copy / "book.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("id: mini-base", "id: mini-copy"))
    for path in copy.glob("0*.yaml"):
        path.write_text(path.read_text(encoding="utf-8").replace("mini-base", "mini-copy"))
    kb = KnowledgeBase.load(rules)
    assert diff_books(kb, "mini-base", "mini-copy").changes == ()
    extra = copy / "02-procedures.yaml"
    extra.write_text(
        extra.read_text(encoding="utf-8")
        + """- id: mini-copy/procedures/3
  key: house.spectators
  number: '3'
  text: Spectators must stand behind the rail.
  source: {lines: '17'}
  summary: Spectators stand behind the rail.
  when: {event: guest}
  outcome: required
"""
    )
    diff = diff_books(KnowledgeBase.load(rules), "mini-base", "mini-copy")
    assert [(c.kind, c.key) for c in diff.changes] == [("added", "house.spectators")]


def test_json_follows_the_contract(kb: KnowledgeBase) -> None:
    data = diff_json(diff_books(kb, "roberts-home", "catfish-bend"))
    assert {"a", "b", "changes", "summary"} <= set(data)
    assert {"changed", "added", "removed", "same"} <= set(data["summary"])
    change = next(c for c in data["changes"] if c["key"] == "procedures.absence-chips-picked-up")
    assert change["kind"] == "changed" and change["parameters"]["absence_minutes"] == [15, 45]
    assert change["a"]["book"] == "roberts-home" and change["b"]["number"] == "19"
    added = next(c for c in data["changes"] if c["kind"] == "added")
    assert added["a"] is None and added["b"]["text"]


def test_text_and_markdown_forms(kb: KnowledgeBase) -> None:
    diff = diff_books(kb, "roberts-home", "catfish-bend", substantive_only=True)
    text = diff_text(diff)
    assert "absence_minutes: 15 → 45 minutes" in text and "\033[" not in text
    assert "\033[31m" in diff_text(diff, color=True)
    markdown = diff_markdown(diff)
    assert markdown.startswith("# catfish-bend compared with roberts-home")
    assert "## Differences that change a ruling" in markdown


def test_cli_diff_json_and_errors() -> None:
    run = [sys.executable, "-m", "engine.cli", "diff"]
    result = subprocess.run(
        [*run, "roberts-v7", "homepokertourney", "--json"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0 and json.loads(result.stdout)["b"] == "homepokertourney"
    bad = subprocess.run([*run, "roberts-v7", "bellagio"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "books are:" in bad.stderr


def test_filters_apply_to_the_unchanged_count_too(kb: KnowledgeBase) -> None:
    everything = diff_books(kb, "roberts-v7", "homepokertourney").summary()
    holdem = diff_books(kb, "roberts-v7", "homepokertourney", section="hold'em").summary()
    assert 0 < holdem["same"] < everything["same"]


def test_one_signature_says_which_houses_rule_differently(kb: KnowledgeBase) -> None:
    """`diff --rulings` and the side-by-side view (`ruling --house all`, /compare) compare
    rulings by the same signature: houses that ask the same question rule alike, whatever
    rules apply so far, and the rulings ruled the same way are not listed as differences."""
    from engine.compare.behaviour import differing_houses, rule_everywhere, ruling_differences
    from engine.render.ruling_json import ruling_json

    spec = {
        "name": "exposed holecard, which card?",
        "game": "holdem",
        "facts": {
            "event": "exposed-card",
            "card": "holecard",
            "exposed_by": "dealer",
            "cards_exposed": 1,
            "players_acted": 0,
        },
    }
    answers = {house: ruling_json(ruling) for house, ruling in rule_everywhere(kb, spec).items()}
    assert {answer["status"] for answer in answers.values()} == {"needs-facts"}
    assert len({tuple(r["id"] for r in answer["rulings"]) for answer in answers.values()}) > 1
    assert differing_houses(answers) == []
    assert ruling_differences(kb, "roberts-home", "catfish-bend", [spec]) == []
    rack = {"name": "rack", "facts": {"event": "playing-out-of-rack"}}
    differences = ruling_differences(kb, "roberts-home", "catfish-bend", [rack])
    assert [(d["a"]["house"], d["b"]["house"]) for d in differences] == [("roberts-home", "catfish-bend")]
    assert differences[0]["a"] == ruling_json(rule_everywhere(kb, rack, ["roberts-home"])["roberts-home"])


def test_an_amended_number_is_a_substantive_change_naming_the_amendment(kb: KnowledgeBase) -> None:
    """HomePokerTourney amends the starting chips of the Version 7 rule it inherits: the same
    words with another number, shown as a parameter change in every form of the diff."""
    diff = diff_books(kb, "roberts-v7", "homepokertourney")
    change = next(c for c in diff.changes if c.key == "tournament.starting-chips-placed")
    assert change.substantive and change.reasons == ("parameters",)
    assert change.parameters == {"starting_chips": (None, 1000, "chips")}
    assert change.amended_by == "homepokertourney/buyin-rebuy-add-on/p1"
    line = "starting_chips: — → 1000 chips (amended by homepokertourney/buyin-rebuy-add-on/p1)"
    assert line in diff_text(diff) and line in diff_markdown(diff)
    data = next(c for c in diff_json(diff)["changes"] if c["key"] == change.key)
    assert data["parameters"] == {"starting_chips": [None, 1000]}
    assert data["amended_by"] == "homepokertourney/buyin-rebuy-add-on/p1"
    assert diff_books(kb, "roberts-v7", "homepokertourney", substantive_only=True).changes.count(change) == 1


def test_a_house_that_only_amends_a_number_differs_by_that_number(tmp_path: Path) -> None:
    """A throw-away house over the home edition that amends the absence limit: its diff
    against the edition is that one parameter change, with the rule it belongs to."""
    from engine.books.paths import rules_dir

    rules = tmp_path / "rules"
    rules.mkdir()
    for source in rules_dir().iterdir():
        (rules / source.name).symlink_to(source)
    house = rules / "longer-absence"
    house.mkdir()
    (house / "book.yaml").write_text(
        "id: longer-absence\ntitle: Longer absence\npublisher: tests\nversion: '1'\ndate: '2026'\n"
        "source: x.txt\nkind: house\nextends: [roberts-home]\namend:\n"
        "  - key: procedures.absence-chips-picked-up\n    by: longer-absence/house/1\n"
        "    parameters: {absence_minutes: {value: 30, unit: minutes}}\n",
        encoding="utf-8",
    )
    diff = diff_books(KnowledgeBase.load(rules), "roberts-home", "longer-absence")
    assert [(c.key, c.parameters, c.substantive) for c in diff.changes] == [
        ("procedures.absence-chips-picked-up", {"absence_minutes": (15, 30, "minutes")}, True)
    ]
    assert diff.summary()["substantive"] == 1
    assert "absence_minutes: 15 → 30 minutes (amended by longer-absence/house/1)" in diff_text(diff)
