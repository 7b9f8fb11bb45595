"""What a house's changes may do that its author did not mean: warnings, not errors.

- A house rule that replaces an inherited one (same key) but covers situations the replaced
  rule did not — more games, structures or formats, or without one of its conditions — now
  rules on those situations too, where the edition's other rules used to.
- An `amend` that changes a parameter of one rule while another rule of the same book holds
  a parameter of the same name and value (one limit printed in two rules) leaves that one at
  the old value: the two rules then rule differently on the same number.

Each is a ``Problem`` whose message starts with "warning:"; validation still passes.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.books.effective import effective_rulebook
from engine.books.loader import Library
from engine.books.model import Book, Rule
from engine.books.problems import Problem
from engine.books.thresholds import is_setting
from engine.books.vocabulary import Vocabulary


def iter_house_warnings(library: Library, vocab: Vocabulary) -> Iterator[Problem]:
    for book in library.books.values():
        if not book.extends:
            continue
        for entry in effective_rulebook(library, book.id):
            if entry.origin != book.id:
                continue
            for replaced in entry.replaces:
                wider = list(_wider(entry.rule, book, replaced, library, vocab))
                if wider:
                    yield Problem(
                        entry.rule.file,
                        entry.rule.line,
                        f"{entry.rule.id}.applies",
                        f"warning: it replaces {replaced.id} but also covers {'; '.join(wider)}",
                    )
        yield from _partial_amendments(library, book)


def _scope(rule: Rule, book: Book | None, dimension: str, vocab: Vocabulary) -> set[str] | None:
    """What a rule covers on one dimension (its own list, else its book's), None for all."""
    named = rule.applies.get(dimension) or (book.applies.get(dimension) if book else None)
    if not named:
        return None
    return vocab.expand_games(named) if dimension == "games" else set(named)


def _wider(rule: Rule, book: Book, replaced: Rule, library: Library, vocab: Vocabulary) -> Iterator[str]:
    for dimension in ("games", "structures", "formats"):
        new = _scope(rule, book, dimension, vocab)
        old = _scope(replaced, library.books.get(replaced.book), dimension, vocab)
        if old is None:
            continue
        if new is None:
            yield f"every {dimension[:-1]}, not only {', '.join(sorted(old))}"
        elif new - old:
            yield f"{dimension} {', '.join(sorted(new - old))}"
    for fact, condition in replaced.when.items():
        if fact not in rule.when:
            yield f"situations without its condition {fact}: {condition}"


def _partial_amendments(library: Library, book: Book) -> Iterator[Problem]:
    """An amended parameter that another rule of the same book holds, left unamended."""
    amended = {
        (str(change.get("key")), name) for change in book.amend for name in change.get("parameters") or {}
    }
    inherited = [rule for parent in book.extends for rule in library.rules_of(parent)]
    for index, change in enumerate(book.amend):
        for rule in (r for r in inherited if r.key == change.get("key")):
            for name in change.get("parameters") or {}:
                current = rule.parameters.get(name)
                if current is None or not is_setting(current):
                    continue
                for other in inherited:
                    twin = other.parameters.get(name)
                    if (
                        other is not rule
                        and other.book == rule.book
                        and twin is not None
                        and twin.get("value") == current.get("value")
                        and twin.get("unit") == current.get("unit")
                        and (other.key, name) not in amended
                    ):
                        yield Problem(
                            book.path,
                            1,
                            f"amend[{index}].parameters.{name}",
                            f"warning: {other.id} ({other.key}) also holds {name} = {current.get('value')}, "
                            "which this amendment leaves unchanged; amend it too if it is the same limit",
                        )
