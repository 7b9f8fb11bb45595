"""Segmenter for the HomePokerTourney tournament rule book (2006), a PDF text extraction.

The extraction interleaves columns and pages out of order, cuts rules mid-sentence and
continues them many lines later, and carries two books: the house's own rules
(``homepokertourney``) and the condensed Robert's Rules of Poker, version 7, that it
reprints (``roberts-v7``). No parser can put that back together, so the reassembly is
read by hand and kept as data in ``hpt_layout.yaml``: for every record, the pieces it is
printed in, each a source line and where in that line the piece starts and ends. This
module only slices those pieces out of the rendered source, so every record's text is
the source's own words by construction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from engine.books.sourcetext import SourceDocument, normalize, strip_list_marker
from tools.extract.model import Item

LAYOUT = Path(__file__).with_name("hpt_layout.yaml")
_SUB_ITEM = re.compile(r"^(\d+)\([a-z]+\)$")


class LayoutError(ValueError):
    """The layout names a line or an anchor that the source does not have."""


@dataclass(frozen=True)
class Piece:
    first: int  # first source line (1-based)
    last: int  # last source line
    text: str
    from_line_start: bool  # the piece begins where its first line begins
    to_line_end: bool  # the piece runs to the end of its last line


def segment(document: SourceDocument) -> dict[str, list[Item]]:
    layout = yaml.safe_load(LAYOUT.read_text(encoding="utf-8"))
    books: dict[str, list[Item]] = {}
    for book, sections in layout["books"].items():
        items = books.setdefault(book, [])
        for section in sections:
            for record in section["records"]:
                items.append(_item(document, section, record))
    return books


def _item(document: SourceDocument, section: dict, record: dict) -> Item:
    number = _text_or_none(record.get("number"))
    pieces = [_piece(document, spec) for spec in record["pieces"]]
    where = f"{section['section']} {number or ''}".strip()
    if not pieces:
        raise LayoutError(f"{where}: no pieces")
    text = normalize(" ".join(piece.text for piece in pieces))
    if not text:
        raise LayoutError(f"{where}: empty text")
    parent = _text_or_none(record.get("parent"))
    if parent is None and number is not None:
        sub = _SUB_ITEM.match(number)
        parent = sub.group(1) if sub else None
    flags = list(section.get("flags", [])) + list(record.get("flags", []))
    return Item(
        chapter=section.get("chapter"),
        section=section["section"],
        number=number,
        text=text,
        lines=_ranges(document, pieces),
        kind=record.get("kind", section.get("kind", "rule")),
        section_number=_text_or_none(section.get("section_number")),
        parent=parent,
        flags=flags,
        note=_text_or_none(record.get("note")),
    )


def _piece(document: SourceDocument, spec) -> Piece:
    """Slice one piece out of the rendered source, as the layout describes it."""
    if isinstance(spec, int):
        spec = {"line": spec}
    elif isinstance(spec, str):
        first, _, last = spec.partition("-")
        lines = range(int(first), int(last or first) + 1)
        for number in lines:
            _line(document, number)
        text = " ".join(strip_list_marker(_line(document, n)) for n in lines)
        return Piece(lines[0], lines[-1], normalize(text), True, True)
    number = spec["line"]
    line = _line(document, number)
    start, end = 0, len(line.rstrip())
    if "from" in spec:
        anchor = spec["from"]
        found = line.count(anchor)
        if found != 1:
            raise LayoutError(f"line {number}: 'from' anchor {anchor!r} found {found} times")
        start = line.index(anchor)
    if "to" in spec:
        anchor = spec["to"]
        found = line.find(anchor, start)
        if found < 0:
            raise LayoutError(f"line {number}: 'to' anchor {anchor!r} not found")
        end = found + len(anchor)
    text = normalize(strip_list_marker(line[start:end]))
    from_line_start = not line[:start].strip()
    to_line_end = not line[end:].strip()
    return Piece(number, number, text, from_line_start, to_line_end)


def _line(document: SourceDocument, number: int) -> str:
    if not 1 <= number <= len(document.rendered):
        raise LayoutError(f"line {number} is not in {document.name}")
    line = document.rendered[number - 1]
    if not line.strip():
        raise LayoutError(f"line {number} is blank")
    return line


def _ranges(document: SourceDocument, pieces: list[Piece]) -> list[tuple[int, int]]:
    """One line range per piece, merging pieces that follow on with only blank lines between."""
    ranges: list[tuple[int, int]] = []
    previous: Piece | None = None
    for piece in pieces:
        if (
            previous is not None
            and previous.to_line_end
            and piece.from_line_start
            and piece.first > previous.last
            and _blank(document, previous.last + 1, piece.first - 1)
        ):
            ranges[-1] = (ranges[-1][0], piece.last)
        else:
            ranges.append((piece.first, piece.last))
        previous = piece
    return ranges


def _blank(document: SourceDocument, first: int, last: int) -> bool:
    return all(not document.rendered[n - 1].strip() for n in range(first, last + 1))


def _text_or_none(value) -> str | None:
    return None if value is None else str(value)
