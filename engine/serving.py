"""What a server serves: the books of a rules folder that are whole, and the rest held back.

`validate` and `serve` find the same problems (`every_problem`); `serve` then quarantines
each book that has one (engine.books.quarantine) and builds the knowledge base over the
books that are whole, so a section that no longer parses, a duplicate id or a quotation
that no longer matches its source takes its book out of service, loudly, instead of
changing its rulings without a word."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.books.effective import UnknownBook
from engine.books.loader import Library, load_library
from engine.books.paths import freetext_dir, house_folders, rules_dir, schema_dir
from engine.books.problems import Problem
from engine.books.quarantine import Quarantine, quarantine, served_part
from engine.books.vocabulary import load_vocabulary
from engine.freetext import cache
from engine.freetext.knowledge import KnowledgeBase
from engine.rulings.conflicts import iter_override_cycles
from engine.rulings.rulebooks import Rulebooks


class QuarantinedBook(UnknownBook):
    """A book that exists but is not served: its files have problems."""

    def __init__(self, book_id: str, problems: tuple[Problem, ...], known: list[str]) -> None:
        super().__init__(book_id, known)
        first = f"; the first: {problems[0]}" if problems else ""
        self.args = (
            f"book '{book_id}' is not served: it has {len(problems)} problem(s) in its files{first} "
            f"(all of them on /books); books served are: {', '.join(sorted(known))}",
        )


def every_problem(library: Library) -> list[Problem]:
    """Every problem `validate` reports: the files' (engine.books.validate), then the stated
    overrides that form a cycle in a book that is otherwise whole."""
    from engine.books.validate import iter_problems  # jsonschema: a ruling need not pay for it

    problems = sorted(set(iter_problems(library)))
    whole = Rulebooks(served_part(library, quarantine(library, problems)), load_vocabulary())
    for book in whole.houses:
        for cycle in iter_override_cycles(whole, book):
            message = f"the stated overrides form a cycle: {' -> '.join(cycle)}"
            problems.append(Problem(whole.library.books[book].path, 1, "overrides", message))
    return problems


@dataclass(frozen=True)
class Served:
    """The knowledge base over the whole books, and the books held back with their problems."""

    kb: KnowledgeBase
    quarantine: Quarantine
    root: Path

    def check_book(self, book_id: str) -> None:
        """UnknownBook, or QuarantinedBook naming its problems, unless the book is served."""
        if book_id in self.quarantine.books:
            raise QuarantinedBook(book_id, self.quarantine.books[book_id], self.kb.houses)
        self.kb.check_book(book_id)


def load_served(root: Path | None = None, houses: list[Path] | None = None) -> Served:
    """The books under `root` (default: the bundled ones, with the house books of `houses`,
    default $POKERRULES_RULES) that are whole, as a knowledge base.
    The library, its problems and what is built from them are kept between runs
    (engine.freetext.cache) under a stamp of the files they come from, like KnowledgeBase.load's:
    a restart or a reload with no file changed checks nothing again."""
    folder = Path(root or rules_dir()).resolve()
    extra = [Path(house).resolve() for house in houses or (house_folders() if root is None else [])]
    inputs = cache.stamp([folder, *extra, schema_dir(), freetext_dir()])
    scope = "" if folder == rules_dir().resolve() and not extra else "elsewhere-"
    library = cache.cached(f"{scope}library", cache.key(inputs), lambda: load_library(folder, houses=extra))
    problems = cache.cached(f"{scope}problems", cache.key(inputs), lambda: every_problem(library))
    held = quarantine(library, problems)
    if held.books:
        scope += "quarantined-"  # not the whole library: kept apart from what KnowledgeBase.load keeps
    kb = KnowledgeBase(served_part(library, held), load_vocabulary(), inputs=inputs, scope=scope)
    return Served(kb, held, folder)
