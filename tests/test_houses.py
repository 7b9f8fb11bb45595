"""A house kept in a folder of its own, as a new user makes it: `house new`, the three
changes of schema/README.md's worked example written in (the test reads them from there, so
the example is the one that works), `validate`, `diff`, `ruling` and the web app, all with
`--rules DIR`; the bundled books are never touched."""

from __future__ import annotations

import io
import json
import re
import shutil
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from engine.books.paths import cache_dir, rules_dir
from engine.cli import main

SCHEMA_README = rules_dir().parent / "schema" / "README.md"
EXAMPLE = re.compile(r"<!-- house-example: (?P<what>[^>]+) -->\n```\w+\n(?P<body>.*?)```", re.S)
EXAMPLE_HOUSE = "my-home-game"  # the id the worked example uses
HOUSE = "test-home-game"  # the id the test gives it: a user's own my-home-game may be installed


def run(*argv: str) -> tuple[int, str, str]:
    """The command line in this process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def example() -> dict[str, str]:
    text = SCHEMA_README.read_text("utf-8").replace(EXAMPLE_HOUSE, HOUSE)
    return {match["what"]: match["body"] for match in EXAMPLE.finditer(text)}


@pytest.fixture(scope="module", autouse=True)
def own_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Builds and vectors computed here go to a cache folder of the tests' own (with a copy
    of the user's vectors, so only the house's own texts are computed)."""
    folder = tmp_path_factory.mktemp("cache")
    vectors = cache_dir() / "vectors-minilm-l6-int8.npz"
    if vectors.is_file():
        shutil.copy(vectors, folder / vectors.name)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("POKERRULES_CACHE", str(folder))
        patch.delenv("POKERRULES_RULES", raising=False)
        yield


@pytest.fixture(scope="module")
def houses(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The worked example, done as the README says: start the house, then write the changes."""
    folder = tmp_path_factory.mktemp("houses")
    assert run("house", "new", HOUSE, "--extends", "roberts-home", "--rules", str(folder))[0] == 0
    house, changes = folder / HOUSE, example()
    (house / "house-rules.md").write_text(changes["house-rules.md"], encoding="utf-8")
    with (house / "01-house-rules.yaml").open("a", encoding="utf-8") as section:
        section.write(changes["01-house-rules.yaml"])
    manifest = (house / "book.yaml").read_text(encoding="utf-8")
    assert "amend: []\n" in manifest
    (house / "book.yaml").write_text(manifest.replace("amend: []\n", changes["book.yaml amend"]), "utf-8")
    return folder


def test_a_new_house_validates_as_written(tmp_path: Path) -> None:
    status, out, err = run(
        "house", "new", "fresh-house", "--extends", "roberts-cardroom", "--rules", str(tmp_path)
    )
    assert status == 0, err
    assert sorted(p.name for p in (tmp_path / "fresh-house").iterdir()) == [
        "01-house-rules.yaml",
        "book.yaml",
        "house-rules.md",
    ]
    status, out, err = run("validate", "--rules", str(tmp_path))
    assert (status, out) == (0, ""), out
    assert err.strip().endswith("glossary entries") and "ok: " in err
    assert not (rules_dir() / "fresh-house").exists()


def test_house_new_refuses_what_it_cannot_do(tmp_path: Path) -> None:
    assert run("house", "new", "roberts-home", "--extends", "roberts-v7", "--rules", str(tmp_path))[0] == 2
    status, _, err = run("house", "new", "x-house", "--extends", "roberts-hom", "--rules", str(tmp_path))
    assert status == 2 and "books are: catfish-bend" in err
    assert run("house", "new", "x-house", "--extends", "roberts-home", "--rules", str(tmp_path))[0] == 0
    status, _, err = run("house", "new", "x-house", "--extends", "roberts-home", "--rules", str(tmp_path))
    assert status == 2 and "'x-house' is already a book" in err
    (tmp_path / "y-house").mkdir()
    status, _, err = run("house", "new", "y-house", "--extends", "roberts-home", "--rules", str(tmp_path))
    assert status == 2 and "already exists; nothing was written" in err


def test_the_worked_example_validates_clean(houses: Path) -> None:
    status, out, err = run("validate", "--rules", str(houses))
    assert (status, out) == (0, ""), out
    assert HOUSE not in err  # no warning about it either
    assert "ok: " in err


def test_validate_given_the_house_folder_reads_it_beside_the_bundled_books(houses: Path) -> None:
    """`validate houses` (the folder, not --rules) is what a person types first."""
    assert run("validate", str(houses))[:2] == (0, "")
    assert run("validate", str(houses / HOUSE))[:2] == (0, "")


def test_the_diff_shows_exactly_the_three_changes(houses: Path) -> None:
    status, out, _ = run("diff", "roberts-home", HOUSE, "--rules", str(houses), "--substantive", "--json")
    assert status == 0
    changes = {change["key"]: change for change in json.loads(out)["changes"]}
    assert set(changes) == {"procedures.absence-chips-picked-up", "betting.raise-cap", "etiquette.cell-phone"}
    assert changes["procedures.absence-chips-picked-up"]["amended_by"] == f"{HOUSE}/house-rules/1"
    assert changes["etiquette.cell-phone"]["kind"] == "added"


def ruled(houses: Path, house: str, *facts: str) -> dict:
    argv = [
        "ruling",
        "--rules",
        str(houses),
        "--house",
        house,
        "--json",
        "--game",
        "holdem",
        "--format",
        "cash",
    ]
    status, out, err = run(*argv, *(f"--fact={fact}" for fact in facts))
    assert status == 0, err
    return json.loads(out)["rulings"][0]


def test_a_player_away_twenty_minutes_keeps_his_seat_in_the_house(houses: Path) -> None:
    away = ("event=absent-player", "minutes_away=20", "absence_arranged=false")
    assert ruled(houses, HOUSE, *away)["outcome"] == "allowed"
    assert ruled(houses, "roberts-home", *away)["outcome"] == "chips-removed"
    assert (
        ruled(houses, HOUSE, "event=absent-player", "minutes_away=31", "absence_arranged=false")["outcome"]
        == "chips-removed"
    )


def test_the_fourth_raise_is_allowed_in_the_house_and_the_fifth_is_not(houses: Path) -> None:
    pot = ("event=raise-limit", "structure=limit", "players_in_pot=4", "heads_up=false")
    fourth = ruled(houses, HOUSE, *pot, "raise_number=4")
    assert (fourth["id"], fourth["outcome"]) == (f"{HOUSE}/house-rules/2", "allowed")
    assert ruled(houses, HOUSE, *pot, "raise_number=5")["outcome"] == "not-allowed"
    assert ruled(houses, "roberts-home", *pot, "raise_number=4")["parameters"]["raise_cap"]["value"] == 3


def test_words_find_the_houses_own_rule(houses: Path) -> None:
    """The free-text lookup reads the house: its own rule's vectors are computed on first use."""
    argv = ["ruling", "--rules", str(houses), "--house", HOUSE, "--json"]
    status, out, err = run(*argv, "seat 6 keeps texting on his phone during hands")
    assert status == 0, err
    assert json.loads(out)["rulings"][0]["id"] == f"{HOUSE}/house-rules/3"


def test_words_find_a_house_rule_no_other_book_has(houses: Path, tmp_path: Path) -> None:
    """A new key has no example disputes: its own words stand for them."""
    shutil.copytree(houses / HOUSE, tmp_path / HOUSE)
    section = tmp_path / HOUSE / "01-house-rules.yaml"
    section.write_text(
        section.read_text("utf-8").replace("key: etiquette.cell-phone", "key: house.no-phones"), "utf-8"
    )
    argv = ["ruling", "--rules", str(tmp_path), "--house", HOUSE, "--json"]
    status, out, err = run(*argv, "a player using his phone at the table")
    assert status == 0, err
    assert json.loads(out)["rulings"][0]["key"] == "house.no-phones"


def test_the_web_app_serves_the_house(houses: Path) -> None:
    from web import create_app

    client = create_app(houses=[houses]).test_client()
    assert HOUSE in {book["id"] for book in client.get("/api/books").get_json()}
    answer = client.get(
        f"/api/ruling?house={HOUSE}&game=holdem&format=cash&fact=event=absent-player&fact=minutes_away=20"
        "&fact=absence_arranged=false"
    ).get_json()
    assert answer["rulings"][0]["outcome"] == "allowed"


def test_a_house_with_a_bundled_books_id_is_a_problem(houses: Path, tmp_path: Path) -> None:
    clash = tmp_path / "catfish-bend"
    shutil.copytree(houses / HOUSE, clash)
    manifest = clash / "book.yaml"
    manifest.write_text(manifest.read_text("utf-8").replace(f"id: {HOUSE}", "id: catfish-bend"), "utf-8")
    status, out, _ = run("validate", "--rules", str(tmp_path))
    assert status == 1
    assert f"{manifest}:3: id: 'catfish-bend' is already the id of rules/catfish-bend/book.yaml" in out


def test_a_rule_written_but_not_transcribed_is_a_problem(houses: Path, tmp_path: Path) -> None:
    copy = tmp_path / HOUSE
    shutil.copytree(houses / HOUSE, copy)
    with (copy / "house-rules.md").open("a", encoding="utf-8") as document:
        document.write("4. The host deals the first hand.\n")
    status, out, _ = run("validate", "--rules", str(tmp_path))
    assert status == 1
    assert f"{copy / 'house-rules.md'}:8: text: not quoted by any record of {HOUSE}" in out


DOCUMENT = """\
HOUSE RULES OF THE TUESDAY GAME

PROCEDURES

1. Your chips may be picked up if you are away from the table for more than 30 minutes, unless you
have made a specific arrangement to leave for a longer length of time.
2. The host brings the sandwiches at nine.

MISDEALS

1. Two or more boxed cards (improperly faced cards) is a misdeal.
"""


def test_a_rules_document_is_imported_aligned_and_validates(tmp_path: Path) -> None:
    document = tmp_path / "tuesday.txt"
    document.write_text(DOCUMENT, encoding="utf-8")
    houses = tmp_path / "houses"
    status, out, err = run(
        "house",
        "import",
        str(document),
        "--id",
        "tuesday",
        "--extends",
        "roberts-home",
        "--rules",
        str(houses),
    )
    assert status == 0, err
    house = houses / "tuesday"
    assert (house / "tuesday.txt").read_text("utf-8") == DOCUMENT  # kept as the source
    status, out, err = run("validate", "--rules", str(houses))
    assert (status, out) == (0, ""), out
    from engine.books.loader import load_library

    keys = {rule.id: rule.key for rule in load_library(houses=[houses]).rules_of("tuesday")}
    assert keys["tuesday/procedures/1"] == "procedures.absence-chips-picked-up"
    assert keys["tuesday/misdeals/1"] == "misdeal.two-boxed-cards"
    assert keys["tuesday/procedures/2"] == "procedures.host-brings"  # its section's area, its first words
    review = (house / "REVIEW.md").read_text("utf-8")
    assert "tuesday/procedures/2" in review and "new: no known rule says this" in review
    assert "tuesday/procedures/1" in review and "numbers differ" in review  # 30, not 15
