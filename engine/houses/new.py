"""`pokerrules house new`: a house's folder, ready to edit, that validates as written.

Three files: the house's own document (`house-rules.md`, where its rules are written in
its own words), the manifest (`book.yaml`) and one section file quoting the document. Every
field carries a comment saying what it is for; schema/README.md has a worked example.
"""

from __future__ import annotations

import datetime
import json
import re
from dataclasses import dataclass
from pathlib import Path

from engine.books.loader import Library

DOCUMENT = "house-rules.md"
SECTION_FILE = "01-house-rules.yaml"
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


class HouseError(ValueError):
    """A house that cannot be started as asked: the message says why and what to do."""


@dataclass(frozen=True)
class Starter:
    """What the files are filled with."""

    house: str  # the new house's book id
    base: str  # the book it extends
    base_title: str
    title: str
    date: str


def new_house(library: Library, folder: Path, house: str, base: str, title: str = "") -> Path:
    """Write a new house extending `base` into `folder`/`house`; refuse to overwrite anything."""
    target = check_new_house(library, folder, house, base)
    starter = Starter(
        house=house,
        base=base,
        base_title=library.books[base].title,
        title=title or f"{house.replace('-', ' ').title()} house rules",
        date=datetime.date.today().isoformat(),
    )
    target.mkdir(parents=True)
    (target / DOCUMENT).write_text(document(starter), encoding="utf-8")
    (target / "book.yaml").write_text(manifest(starter), encoding="utf-8")
    (target / SECTION_FILE).write_text(section(starter), encoding="utf-8")
    return target


def check_new_house(library: Library, folder: Path, house: str, base: str) -> Path:
    """The new house's folder, once sure it can be written: a valid id of its own, a known
    book to extend, and nothing there yet."""
    if not _ID.match(house):
        raise HouseError(f"'{house}' is not a book id: lowercase letters and digits joined by '-'")
    if house in library.books:
        raise HouseError(f"'{house}' is already a book ({library.books[house].path}); choose another id")
    if base not in library.books:
        raise HouseError(f"unknown book '{base}'; books are: {', '.join(sorted(library.books))}")
    target = folder / house
    if target.exists():
        raise HouseError(f"{target} already exists; nothing was written")
    return target


def opening_line(starter: Starter) -> str:
    return (
        f"These house rules are played over {starter.base_title}: where they say nothing, that book applies."
    )


def document(starter: Starter) -> str:
    """The house's document: the rule texts are quoted from here, word for word."""
    return f"# {starter.title}\n\n{opening_line(starter)}\n"


def _q(text: str) -> str:
    """A YAML string (JSON's double-quoted form is valid YAML)."""
    return json.dumps(text, ensure_ascii=False)


def manifest(starter: Starter) -> str:
    return _aligned(f"""\
# The manifest of a house: who it is, what it extends, and what it changes in what it extends.
# Field by field, with a worked example: schema/README.md ("A house of your own").
id: {starter.house}\t# the house's id: the folder's name, used by --house
title: {_q(starter.title)}\t# shown in `pokerrules books` and on the web
publisher: {_q(starter.house)}\t# who keeps these rules (the club, the host, the card room)
version: "1"\t# raise it when the rules change
date: {_q(starter.date)}\t# when this version was adopted
source: {DOCUMENT}\t# the house's own document, beside this file: rule texts quote it
kind: house\t# a house's rules over an edition (an `edition` is a whole rulebook)
extends: [{starter.base}]\t# the book whose rules hold wherever the house says nothing
precedence:\t# the house's own words saying its rules come first
  statement: {_q(opening_line(starter))}
  record: {starter.house}/house-rules/p1\t# the record that prints it
  over: [{starter.base}]
# amend: change a number (or the games) of a rule the house inherits, citing the house's record
# that says so. Its key is the inherited rule's key; the parameter's name is the inherited rule's
# (`pokerrules diff {starter.base} {starter.house}` shows them once amended):
#   - key: procedures.absence-chips-picked-up
#     by: {starter.house}/house-rules/1
#     parameters: {{absence_minutes: {{value: 30, unit: minutes}}}}
amend: []
# disable: drop an inherited rule (key) or a whole section (section, book), citing the record:
#   - key: blinds.straddle
#     by: {starter.house}/house-rules/2
disable: []
""")


def section(starter: Starter) -> str:
    house = starter.house
    return _aligned(f"""\
# The house's rules, in the order its document ({DOCUMENT}) prints them: one record per rule.
# `text` is the document's words exactly, at the lines `source.lines` names (`pokerrules
# validate` checks it); the fields after it are ours, what the engine reasons over.
#   - a rule with the SAME key as a rule of {starter.base} replaces it;
#   - a rule with a new key adds one (house.<subject>, or the key another book gives it);
#   - a number changed, or a rule dropped: a record here, and `amend` / `disable` in book.yaml.
# Keys, facts and outcomes: schema/README.md and schema/vocabulary.yaml; an unknown name gets a
# "did you mean" from `pokerrules validate --rules <this folder's parent>`.
book: {house}\t# the house's id, as in book.yaml
source: {DOCUMENT}\t# the document the texts quote, as in book.yaml
section: House Rules\t# the heading the document prints over these rules
records:
- id: {house}/house-rules/p1\t# <house>/<section>/<number>; p1, p2 for unnumbered paragraphs
  key: house.rules-apply\t# the rule's subject (see above)
  number: null\t# the number the document prints ('1', '2(a)'); null for none
  kind: paragraph\t# rule (numbered) | paragraph
  text: {_q(opening_line(starter))}
  source: {{lines: '3'}}\t# the lines of {DOCUMENT} holding the text
  summary: Where the house rules say nothing, {starter.base} applies.\t# one plain sentence, ours
  when: {{event: book-information}}\t# the situation it governs: facts of schema/vocabulary.yaml
  outcome: definition\t# what it rules: an outcome of schema/vocabulary.yaml
  discretion: none\t# who decides where it says "may": none | floor | host | dealer
""")


def _aligned(text: str, column: int = 40) -> str:
    """The comments after a field (marked by a tab) lined up in one column."""
    lines = []
    for line in text.splitlines():
        field, _, comment = line.partition("\t")
        lines.append(f"{field:<{column - 2}}  {comment}" if comment else field)
    return "\n".join(lines) + "\n"
