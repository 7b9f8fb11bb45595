"""A book's effective rulebook: its own rules plus what it inherits, each tagged by origin.

A house's record with the same key as an inherited rule replaces it; the manifest's
`disable` entries remove inherited rules (by key or by section) and its `amend` entries
change an inherited rule's parameters or applicability. The inherited books themselves are
never changed: every effective rule is a new view over the loaded records.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.books.loader import Library
from engine.books.model import Book, Parameter, Rule
from engine.books.restate import restated
from engine.books.thresholds import is_setting


@dataclass(frozen=True)
class EffectiveRule:
    """A rule as it stands in one book's effective rulebook."""

    rule: Rule
    origin: str  # the book whose record this is
    replaces: tuple[Rule, ...] = ()  # inherited records with the same key it set aside
    amended_by: str = ""  # id of the house record whose text amends it


class UnknownBook(LookupError):
    """A book id that is not in the library; the message lists the ones that are."""

    def __init__(self, book_id: str, known: list[str]) -> None:
        super().__init__(f"unknown book '{book_id}'; books are: {', '.join(sorted(known))}")
        self.book_id, self.known = book_id, known


def effective_rulebook(library: Library, book_id: str) -> list[EffectiveRule]:
    """The rules that hold in ``book_id``: own records first, then inherited ones."""
    book = library.books.get(book_id)
    if book is None:
        raise UnknownBook(book_id, list(library.books))
    return _effective(library, book, frozenset())


def _effective(library: Library, book: Book, visiting: frozenset[str]) -> list[EffectiveRule]:
    own = [EffectiveRule(rule, book.id) for rule in library.rules_of(book.id)]
    own_keys = {entry.rule.key: index for index, entry in enumerate(own)}
    inherited: list[EffectiveRule] = []
    seen = set(own_keys)
    for parent_id in book.extends:
        parent = library.books.get(parent_id)
        if parent is None or parent_id in visiting:
            continue
        for entry in _effective(library, parent, visiting | {book.id}):
            key = entry.rule.key
            if key in own_keys:
                index = own_keys[key]
                own[index] = replace(own[index], replaces=own[index].replaces + (entry.rule,))
            elif key not in seen and not _is_disabled(book, entry.rule):
                seen.add(key)
                inherited.append(_amended(book, entry))
    return own + inherited


def _is_disabled(book: Book, rule: Rule) -> bool:
    for change in book.disable:
        if change.get("book") and change["book"] != rule.book:
            continue
        if change.get("key") == rule.key:
            return True
        section = str(change.get("section", "")).lower()
        if section and section in (rule.section.lower(), rule.section_number, rule.chapter.lower()):
            return True
    return False


def _amended(book: Book, entry: EffectiveRule) -> EffectiveRule:
    for change in book.amend:
        if change.get("key") != entry.rule.key:
            continue
        rule = entry.rule
        if "parameters" in change:
            rule = replace(rule, parameters=_amended_parameters(rule, change["parameters"]))
            rule = restated(rule, entry.rule.parameters)  # its summaries say the house's numbers
        if "applies" in change:
            rule = replace(rule, applies={**rule.applies, **change["applies"]})
        return replace(entry, rule=rule, amended_by=str(change.get("by", "")))
    return entry


def _amended_parameters(rule: Rule, changes: dict[str, Parameter]) -> dict[str, Parameter]:
    """The rule's parameters with the house's values; a book's example or a formula's result
    is not a setting, so an amendment of one is ignored (validation reports it)."""
    kept = {name: value for name, value in changes.items() if is_setting(rule.parameters.get(name, {}))}
    return {**rule.parameters, **kept}
