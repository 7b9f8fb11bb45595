"""`pokerrules validate`: clean on the bundled rules, and a clear line for each broken input."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

FIXTURES = Path(__file__).parent / "fixtures"
BROKEN = sorted((FIXTURES / "broken").glob("*.yaml"))


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine.cli", *args], capture_output=True, text=True, timeout=120
    )


def test_bundled_rules_validate_clean() -> None:
    result = run_cli("validate")
    assert result.returncode == 0, result.stdout[:4000]
    assert result.stdout == ""


def test_the_mini_fixture_validates_clean(tmp_path: Path) -> None:
    shutil.copytree(FIXTURES / "mini", tmp_path / "rules")
    result = run_cli("validate", str(tmp_path / "rules"))
    assert result.returncode == 0, result.stdout


@pytest.mark.parametrize("case", BROKEN, ids=[p.stem for p in BROKEN])
def test_broken_input_is_reported_with_file_line_and_field(case: Path, tmp_path: Path) -> None:
    spec = yaml.safe_load(case.read_text(encoding="utf-8"))
    rules = tmp_path / "rules"
    shutil.copytree(FIXTURES / "mini", rules)
    (rules / spec["file"]).write_text(spec["content"], encoding="utf-8")
    result = run_cli("validate", str(rules))
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr
    expect = spec["expect"]
    prefix = f"{Path('rules') / expect['file']}:{expect['line']}: "
    lines = [line for line in result.stdout.splitlines() if line.startswith(prefix)]
    if "field" in expect:
        lines = [line for line in lines if line[len(prefix) :].startswith(f"{expect['field']}:")]
    assert any(expect["message"] in line for line in lines), result.stdout


def test_a_house_folder_is_checked_with_the_bundled_editions(tmp_path: Path) -> None:
    """A house author validates only their own folder; what it extends comes bundled."""
    house = tmp_path / "my-house"
    house.mkdir()
    (house / "book.yaml").write_text(
        "id: my-house\ntitle: My House\npublisher: Me\nversion: '1'\ndate: '2026'\n"
        "source: roberts-rules-home-games-v11.adoc\nkind: house\nextends: [roberts-home]\n",
        encoding="utf-8",
    )
    (house / "01-procedures.yaml").write_text(
        "book: my-house\nsource: roberts-rules-home-games-v11.adoc\nsection: Procedures\nrecords:\n"
        "- id: my-house/procedures/7\n  key: procedures.playing-out-of-rack\n  number: '7'\n"
        "  text: Playing out of a chip rack is not allowed.\n  source: {lines: '96'}\n"
        "  summary: No racks.\n  when: {event: playing-out-of-rack}\n  outcome: not-allowed\n",
        encoding="utf-8",
    )
    result = run_cli("validate", str(house))
    assert result.returncode == 0, result.stdout
    manifest = house / "book.yaml"
    manifest.write_text(manifest.read_text().replace("[roberts-home]", "[roberts-hom]"))
    broken = run_cli("validate", str(house))
    assert broken.returncode == 1 and "unknown book 'roberts-hom'" in broken.stdout


def test_check_records_reports_the_validators_problems_in_the_named_files(tmp_path: Path) -> None:
    """tools/check_records.py is the validator run on a file being written, not a second one."""
    from tools.check_records import check

    shutil.copytree(FIXTURES / "mini", tmp_path / "rules")
    spec = yaml.safe_load((FIXTURES / "broken" / "unknown-fact.yaml").read_text(encoding="utf-8"))
    broken = tmp_path / "rules" / spec["file"]
    broken.write_text(spec["content"], encoding="utf-8")
    problems = [str(problem) for problem in check([broken, broken.with_name("01-misdeals.yaml")])]
    assert problems == [
        f"{broken.resolve()}:5: mini-base/procedures/1.when.minutes_awy: "
        "unknown fact 'minutes_awy'; did you mean 'minutes_away'?"
    ]
    assert check([broken.with_name("01-misdeals.yaml")]) == []


def test_a_book_folder_without_its_manifest_is_a_problem_not_a_silence(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    shutil.copytree(FIXTURES / "mini", rules)
    (rules / "mini-house" / "book.yaml").unlink()
    result = run_cli("validate", str(rules))
    assert result.returncode == 1
    assert "mini-house/book.yaml:1: book.yaml: no book.yaml in mini-house/" in result.stdout


def test_an_empty_section_file_is_a_problem(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    shutil.copytree(FIXTURES / "mini", rules)
    section = next(p for p in sorted((rules / "mini-house").glob("*.yaml")) if p.name != "book.yaml")
    section.write_text("\n", encoding="utf-8")
    result = run_cli("validate", str(rules))
    assert result.returncode == 1
    assert f"{section.name}:1: records: the section file is empty" in result.stdout


def test_a_folder_with_no_books_does_not_pass_as_zero_books(tmp_path: Path) -> None:
    (tmp_path / "nothing-here").mkdir()
    result = run_cli("validate", str(tmp_path / "nothing-here"))
    assert result.returncode == 1
    assert "no books here" in result.stdout


def _house(folder: Path, extends: str, amend: str = "") -> None:
    folder.mkdir()
    (folder / "book.yaml").write_text(
        f"id: {folder.name}\ntitle: A house\npublisher: Me\nversion: '1'\ndate: '2026'\n"
        f"source: homepokertourney-tournament-rulebook-2006.txt\nkind: house\nextends: [{extends}]\n{amend}",
        encoding="utf-8",
    )


def test_an_amendment_that_leaves_the_same_limit_in_another_rule_is_a_warning(tmp_path: Path) -> None:
    """HPT prints its 20-minute absence limit in two rules: amending one leaves the other."""
    from engine.books.loader import load_library

    quoted = next(r for r in load_library().rules if r.id == "homepokertourney/players-leaving/p1")
    house = tmp_path / "half-amended"
    _house(
        house,
        "homepokertourney",
        "amend:\n  - key: tournament.players-leaving\n    by: half-amended/house/1\n"
        "    parameters: {absence_minutes: {value: 30, unit: minutes}}\n",
    )
    lines = ", ".join(f"{a}-{b}" for a, b in quoted.lines)
    (house / "01-house.yaml").write_text(
        "book: half-amended\nsource: homepokertourney-tournament-rulebook-2006.txt\n"
        "section: House\nrecords:\n"
        f"- id: half-amended/house/1\n  key: house.absence-limit\n  number: '1'\n  text: '{quoted.text}'\n"
        f"  source: {{lines: '{lines}'}}\n  summary: The house's absence limit.\n  outcome: definition\n",
        encoding="utf-8",
    )
    result = run_cli("validate", str(house))
    assert result.returncode == 0 and result.stdout == "", result.stdout
    assert (
        "amend[0].parameters.absence_minutes: warning: homepokertourney/players-leaving/p2 "
        "(tournament.players-leaving-forfeit) also holds absence_minutes = 20" in result.stderr
    )


def test_a_house_rule_wider_than_the_rule_it_replaces_is_a_warning(tmp_path: Path) -> None:
    house = tmp_path / "wide-house"
    _house(house, "roberts-v7")
    (house / "01-blinds.yaml").write_text(
        "book: wide-house\nsource: homepokertourney-tournament-rulebook-2006.txt\nsection: Blinds\nrecords:\n"
        "- id: wide-house/blinds/1\n  key: blinds.heads-up\n  number: '1'\n"
        "  text: In heads-up play, the small blind is the button and acts first before the flop and last\n"
        "    after the flop.\n  source: {lines: '67'}\n  summary: Heads-up, the small blind has the button.\n"
        "  applies: {games: [holdem, stud]}\n  when: {event: heads-up-blinds}\n  outcome: procedure\n",
        encoding="utf-8",
    )
    result = run_cli("validate", str(house))
    assert result.returncode == 0, result.stdout
    assert (
        "wide-house/blinds/1.applies: warning: it replaces roberts-v7/rules-for-using-blinds/4 but also "
        "covers games stud; situations without its condition heads_up: True" in result.stderr
    )
