"""The source documents as a reader sees them: markup dropped, whitespace normalised.

Every record quotes its source through this module, so the quotation check and the
extraction scripts agree on what "the source's words exactly" means: the same
characters, with only markup (``**``, ``\\$``, AsciiDoc cross-reference brackets,
list markers) removed and runs of whitespace collapsed to one space.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

_WS = re.compile(r"\s+")
_BOLD = re.compile(r"\*\*")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?=\w)|(?<=[\w.,!?])\*(?![\w*])")
_ESCAPE = re.compile(r"\\([$_*#\[\]().!-])")
_MD_HEADING = re.compile(r"^\s*#{1,6}\s+")
_MD_BULLET = re.compile(r"^\s*[-*]\s+")
_ADOC_XREF = re.compile(r"<<([^>,]+)(?:,\s*([^>]+))?>>")
_ADOC_DROP = re.compile(r"^(?:\+|\[quote\]|\[#[\w-]+\]|\[appendix\]|:[\w-]+:.*)\s*$")
_ADOC_ANCHOR = re.compile(r"^\[#([\w-]+)\]\s*$")
_ADOC_TITLE = re.compile(r"^=+\s+(.*)$")
_ADOC_HARD_BREAK = re.compile(r"\s\+$")
# A list marker at the start of a line: bullets, "1.", "- 1", "(a)", AsciiDoc dots.
_LIST_MARKER = re.compile(
    r"^\s*(?:[-*]\s+)?(?:\.{1,3}\s+|\d{1,2}\.\s+|\d{1,2}\s+(?=[A-Z])|\([a-zA-Z]{1,3}\)\s*)?"
)


def heading_of(raw: str) -> str | None:
    """The title a line prints when it is a heading: Markdown's `#`, or a short line in
    capitals with no full stop at its end (a plain-text document's); else None."""
    marked = _MD_HEADING.match(raw)
    if marked:
        return raw[marked.end() :].strip().rstrip("#").strip() or None
    words = raw.strip()
    capitals = words.upper() == words and any(c.isalpha() for c in words)
    return words if 3 <= len(words) <= 60 and capitals and not words.endswith(".") else None


def normalize(text: str) -> str:
    """Collapse every run of whitespace to one space and trim the ends."""
    return _WS.sub(" ", text).strip()


def strip_markup(line: str) -> str:
    """Drop inline markup that is not part of the words: bold, emphasis, escapes."""
    line = _BOLD.sub("", line)
    line = _EMPHASIS.sub("", line)
    return _ESCAPE.sub(r"\1", line)


def strip_list_marker(line: str) -> str:
    """Drop a leading bullet or number: it is the record's number, not its text."""
    return _LIST_MARKER.sub("", line, count=1)


@dataclass(frozen=True)
class SourceDocument:
    """One source document, held as raw lines and as rendered lines (1-based)."""

    path: Path
    raw: tuple[str, ...]
    rendered: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.path.name

    def line_count(self) -> int:
        return len(self.raw)

    def span(self, ranges: list[tuple[int, int]]) -> str:
        """The rendered, normalised text of the given inclusive line ranges, in order."""
        parts = []
        for start, end in ranges:
            for number in range(start, end + 1):
                if 1 <= number <= len(self.rendered):
                    parts.append(self.rendered[number - 1])
        return normalize(" ".join(parts))

    def contains(self, text: str, ranges: list[tuple[int, int]]) -> bool:
        """Whether ``text`` is quoted exactly (up to whitespace) from those lines.

        A record reassembled from pieces printed apart (a PDF's interleaved columns)
        lists one range per piece in reading order; each piece must then be quoted
        exactly from its own range.
        """
        wanted = normalize(text)
        if wanted in self.span(ranges):
            return True
        for line_range in ranges:
            piece = _longest_quoted_prefix(wanted, self.span([line_range]))
            wanted = wanted[len(piece) :].lstrip()
            if not wanted:
                return True
        return False

    def full_text(self) -> str:
        return normalize(" ".join(self.rendered))


def _longest_quoted_prefix(text: str, span: str) -> str:
    """The longest prefix of ``text``, ending at a word boundary, found in ``span``."""
    best = ""
    cut = len(text)
    while cut > 0:
        prefix = text[:cut].rstrip()
        if prefix in span:
            return prefix
        cut = text.rfind(" ", 0, cut)
    return best


def _render_adoc(lines: list[str]) -> list[str]:
    titles: dict[str, str] = {}
    pending_anchor = None
    for line in lines:
        anchor = _ADOC_ANCHOR.match(line)
        title = _ADOC_TITLE.match(line)
        if anchor:
            pending_anchor = anchor.group(1)
        elif title and pending_anchor:
            titles[pending_anchor] = title.group(1).strip()
            pending_anchor = None

    def xref(match: re.Match[str]) -> str:
        target, label = match.group(1).strip(), match.group(2)
        return (label or titles.get(target, target)).strip()

    rendered = []
    for line in lines:
        if _ADOC_DROP.match(line):
            rendered.append("")
        else:
            line = _ADOC_HARD_BREAK.sub("", line)
            rendered.append(_ADOC_XREF.sub(xref, line))
    return rendered


def _render_plain(lines: list[str]) -> list[str]:
    return [strip_markup(_MD_BULLET.sub("", _MD_HEADING.sub("", line))) for line in lines]


@lru_cache(maxsize=32)
def load_source(path: Path) -> SourceDocument:
    """Read and render a source document; AsciiDoc and Markdown markup is dropped."""
    raw = path.read_text(encoding="utf-8").splitlines()
    if path.suffix == ".adoc":
        rendered = _render_adoc(raw)
    else:
        rendered = _render_plain(raw)
    return SourceDocument(path=path, raw=tuple(raw), rendered=tuple(rendered))
