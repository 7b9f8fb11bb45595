"""Check the whole knowledge base and yield every problem found.

Schemas, the controlled vocabulary, unique ids and keys, references to keys and books,
`extends` without cycles, house changes that name real rules, and every quotation against
its source lines. Each problem is ``file:line: field: message``.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import jsonschema
import networkx as nx

from engine.books.hints import unknown
from engine.books.house_checks import iter_house_problems
from engine.books.loader import Library, ParsedFile, parse_lines
from engine.books.model import Book, Rule
from engine.books.paths import schema_dir
from engine.books.problems import Problem
from engine.books.record_checks import iter_record_problems
from engine.books.sourcetext import load_source
from engine.books.thresholds import is_number, is_setting, referenced
from engine.books.vocabulary import VocabularyConflict, load_vocabulary
from engine.books.yamlfile import LineDict


@lru_cache(maxsize=2)
def _schema(name: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((schema_dir() / name).read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def iter_problems(library: Library) -> Iterator[Problem]:
    """Every problem in the library, in file order."""
    yield from library.problems
    for parsed in library.files:
        yield from _iter_schema_problems(library, parsed)
    yield from _iter_record_problems(library)
    yield from _iter_identity_problems(library)
    yield from _iter_reference_problems(library)
    yield from _iter_book_problems(library)
    yield from _iter_quotation_problems(library)
    yield from iter_house_problems(library)


JsonPath = list[str | int]  # where in a parsed file: mapping keys and list indexes


def _locate(data: object, path: JsonPath) -> tuple[int, str]:
    """The line of the deepest mapping on ``path``, and a dotted field name."""
    line, node, fields = 1, data, []
    for step in path:
        if isinstance(node, LineDict):
            line = node.line_of(step) if isinstance(step, str) else node.line
        if isinstance(step, int):
            fields.append(f"[{step}]")
        else:
            fields.append(f".{step}" if fields else str(step))
        try:
            node = node[step]  # type: ignore[index]
        except (KeyError, IndexError, TypeError):
            break
    if isinstance(node, LineDict):
        line = node.line if not path or isinstance(path[-1], int) else line
    return line, "".join(fields) or "file"


def _iter_schema_problems(library: Library, parsed: ParsedFile) -> Iterator[Problem]:
    if parsed.data is None:
        return
    name = "book.schema.json" if parsed.path.name == "book.yaml" else "section.schema.json"
    display = library.display(parsed.path)
    errors = _schema(name).iter_errors(parsed.data)
    for error in sorted(errors, key=lambda e: list(map(str, e.absolute_path))):
        path = list(error.absolute_path)
        line, field = _locate(parsed.data, path)
        yield Problem(display, line, _short_field(parsed.data, path, field), _message(error))


def _short_field(data: object, path: JsonPath, field: str) -> str:
    if len(path) >= 2 and path[0] == "records" and isinstance(data, dict):
        try:
            record_id = data["records"][path[1]].get("id", f"records[{path[1]}]")
        except (IndexError, AttributeError, TypeError):
            return field
        rest = ".".join(str(p) for p in path[2:])
        return f"{record_id}{'.' + rest if rest else ''}"
    return field


def _message(error: jsonschema.ValidationError) -> str:
    """jsonschema's message, in plainer words where they help."""
    message: str = error.message
    return message.replace("is a required property", "is required")


def _iter_record_problems(library: Library) -> Iterator[Problem]:
    try:
        vocab = load_vocabulary()
    except VocabularyConflict as conflict:
        yield Problem(conflict.file, 1, conflict.field, "defined twice, differently")
        return
    for rule in library.rules:
        record = {
            "applies": rule.applies,
            "outcome": rule.outcome or None,
            "discretion": rule.discretion,
            "when": rule.when,
            "silent_when": list(rule.silent_when),
            "cases": list(rule.cases),
            "parameters": rule.parameters,
        }
        for field, message in iter_record_problems(record, vocab):
            yield Problem(rule.file, rule.line, f"{rule.id}.{field}", message)
        if rule.key.startswith("todo."):
            yield Problem(rule.file, rule.line, f"{rule.id}.key", "still a placeholder key")
    for entry in _glossary_records(library):
        try:
            problems = list(iter_record_problems(entry.record, vocab))
        except (AttributeError, TypeError):
            problems = []  # a shape the schema check already names
        if str(entry.record.get("key", "")).startswith("todo."):
            problems.append(("key", "still a placeholder key"))
        for field, message in problems:
            yield Problem(entry.file, entry.line, f"{entry.id}.{field}", message)


@dataclass(frozen=True)
class _GlossaryRecord:
    """A glossary record as read, where it is (the library's entries keep only the term)."""

    file: str
    line: int
    book: str
    id: str
    record: Mapping[str, Any]


def _glossary_records(library: Library) -> Iterator[_GlossaryRecord]:
    for parsed in library.files:
        data = parsed.data
        if parsed.path.name == "book.yaml" or not isinstance(data, dict):
            continue
        file, book = library.display(parsed.path), str(data.get("book"))
        for index, record in enumerate(data.get("records") or []):
            if isinstance(record, dict) and record.get("kind") == "glossary":
                line = record.line if isinstance(record, LineDict) else 1
                yield _GlossaryRecord(file, line, book, str(record.get("id", f"records[{index}]")), record)


def _iter_identity_problems(library: Library) -> Iterator[Problem]:
    seen_ids: dict[str, Rule] = {}
    seen_keys: dict[tuple[str, str], Rule] = {}
    for rule in library.rules:
        if rule.id in seen_ids:
            first = seen_ids[rule.id]
            yield Problem(
                rule.file, rule.line, "id", f"duplicate id '{rule.id}' (first at {first.file}:{first.line})"
            )
        seen_ids.setdefault(rule.id, rule)
        if not rule.id.startswith(f"{rule.book}/"):
            yield Problem(rule.file, rule.line, "id", f"'{rule.id}' does not start with '{rule.book}/'")
        if (rule.book, rule.key) in seen_keys:
            first = seen_keys[(rule.book, rule.key)]
            yield Problem(
                rule.file,
                rule.line,
                f"{rule.id}.key",
                f"key '{rule.key}' is used twice in {rule.book} (also {first.id})",
            )
        seen_keys.setdefault((rule.book, rule.key), rule)
    for parsed in library.files:
        data = parsed.data
        book = library.books.get(parsed.book_folder)
        if isinstance(data, dict) and parsed.path.name != "book.yaml" and book:
            if data.get("book") != book.id:
                yield Problem(
                    library.display(parsed.path),
                    _line(data, "book"),
                    "book",
                    f"'{data.get('book')}' but the folder's manifest says '{book.id}'",
                )
            if "source" in data and data["source"] != book.source:  # quotes are checked in book.source
                yield Problem(
                    library.display(parsed.path),
                    _line(data, "source"),
                    "source",
                    f"'{data['source']}' but the folder's manifest says '{book.source}'",
                )


def _line(data: object, key: str) -> int:
    return data.line_of(key) if isinstance(data, LineDict) else 1


def _iter_reference_problems(library: Library) -> Iterator[Problem]:
    keys = {rule.key for rule in library.rules}
    keys_of_book: dict[str, set[str]] = defaultdict(set)
    for rule in library.rules:
        keys_of_book[rule.book].add(rule.key)
    for rule in library.rules:
        for ref in rule.refs:
            if ref not in keys:
                yield Problem(rule.file, rule.line, f"{rule.id}.refs", unknown("key", ref, keys))
        own = keys_of_book[rule.book]
        for restated in rule.restates:
            if restated not in own:
                yield Problem(rule.file, rule.line, f"{rule.id}.restates", unknown("key", restated, own))
        for override in rule.overrides:
            if override.get("key") not in keys:
                yield Problem(
                    rule.file, rule.line, f"{rule.id}.overrides", unknown("key", override.get("key"), keys)
                )
            if override.get("book") and override["book"] not in library.books:
                yield Problem(
                    rule.file, rule.line, f"{rule.id}.overrides", _unknown_book(override["book"], library)
                )


def _unknown_book(book_id: str, library: Library) -> str:
    return f"unknown book '{book_id}'; books are: {', '.join(sorted(library.books))}"


def _iter_book_problems(library: Library) -> Iterator[Problem]:
    graph = nx.DiGraph()
    for book in library.books.values():
        graph.add_node(book.id)
        for parent in book.extends:
            if parent not in library.books:
                yield Problem(book.path, 1, "extends", _unknown_book(parent, library))
            else:
                graph.add_edge(book.id, parent)
        if book.follows and book.follows not in library.books:
            yield Problem(book.path, 1, "lineage.follows", _unknown_book(book.follows, library))
        if not library.source_of(book.id).is_file():
            places = " or ".join(str(place.parent) for place in library.source_places(book.id))
            yield Problem(book.path, 1, "source", f"no source document '{book.source}' in {places}")
        yield from _iter_change_problems(library, book)
    for cycle in nx.simple_cycles(graph):
        chain = " -> ".join([*cycle, cycle[0]])
        for book_id in cycle:
            yield Problem(library.books[book_id].path, 1, "extends", f"extends forms a cycle: {chain}")


def _iter_change_problems(library: Library, book: Book) -> Iterator[Problem]:
    ids = {rule.id for rule in library.rules_of(book.id)}
    inherited = [rule for parent in book.extends for rule in library.rules_of(parent)]
    inherited_keys = {rule.key for rule in inherited}
    sections = {rule.section.lower() for rule in inherited} | {rule.section_number for rule in inherited}
    kinds: tuple[tuple[str, Sequence[Mapping[str, object]]], ...] = (
        ("disable", book.disable),
        ("amend", book.amend),
    )
    for kind, changes in kinds:
        for index, change in enumerate(changes):
            field = f"{kind}[{index}]"
            if change.get("by") not in ids:
                yield Problem(book.path, 1, f"{field}.by", f"no record '{change.get('by')}' in {book.id}")
            key = change.get("key")
            if key and key not in inherited_keys:
                yield Problem(book.path, 1, f"{field}.key", unknown("key", key, inherited_keys))
            if kind == "amend" and key:
                for name, message in _amended_parameter_problems(change, inherited, key):
                    yield Problem(book.path, 1, f"{field}.parameters.{name}", message)
            section = str(change.get("section", "")).lower()
            if section and section not in sections and not change.get("note"):
                yield Problem(
                    book.path,
                    1,
                    f"{field}.section",
                    f"no section '{change['section']}' in the books {book.id} extends",
                )


def _amended_parameter_problems(
    change: Mapping[str, object], inherited: list[Rule], key: object
) -> Iterator[tuple[str, str]]:
    """An amendment changes a house's setting: never a book's example or a formula's result,
    and never a threshold a condition reads into something that is not a number."""
    amended = change.get("parameters")
    if not isinstance(amended, Mapping):
        return
    rules = [rule for rule in inherited if rule.key == key]
    for name, parameter in amended.items():
        for rule in rules:
            current = rule.parameters.get(name)
            if current is not None and not is_setting(current):
                why = "the book's example" if current.get("role") == "example" else "the result of a formula"
                yield (
                    name,
                    f"{rule.id}'s {name} is {why} (role: {current.get('role')}), "
                    "not a setting a house can amend",
                )
                break
            value = parameter.get("value") if isinstance(parameter, Mapping) else None
            if current is not None and _read_by_a_bound(rule, name) and not _numeric(value):
                yield name, f"{rule.id}'s conditions compare with {name}: the amended value must be a number"
                break


def _read_by_a_bound(rule: Rule, name: str) -> bool:
    conditions = [rule.when, *(case.get("when") or {} for case in rule.cases)]
    return any(name in referenced(condition) for when in conditions for condition in when.values())


def _numeric(value: object) -> bool:
    return all(is_number(v) for v in (value if isinstance(value, list) else [value]))


def _iter_quotation_problems(library: Library) -> Iterator[Problem]:
    """Every record's text, rules and glossary entries alike, verbatim at its source lines."""
    quoted = [(rule.book, rule.text, rule.lines, rule.file, rule.line, rule.id) for rule in library.rules]
    for entry in _glossary_records(library):
        try:
            at = parse_lines(entry.record["source"]["lines"])
        except (KeyError, TypeError, ValueError):
            continue  # the schema check names a missing or malformed source
        quoted.append((entry.book, str(entry.record.get("text", "")), at, entry.file, entry.line, entry.id))
    sources = {book_id: library.source_of(book_id) for book_id in library.books}
    for book_id, text, where, file, line, record_id in quoted:
        path = sources.get(book_id)
        if path is None or not path.is_file():
            continue
        name = path.name
        document = load_source(path)
        if not document.contains(text, list(where)):
            lines = ", ".join(f"{a}-{b}" if a != b else str(a) for a, b in where)
            yield Problem(file, line, f"{record_id}.text", f"not found verbatim in {name} lines {lines}")
