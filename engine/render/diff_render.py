"""A book diff as JSON (the interface contract), as terminal text, and as Markdown."""

from __future__ import annotations

from engine.books.model import Rule
from engine.compare.diff import BookDiff, ChangeKind, RuleChange

RED, GREEN, BOLD, DIM, RESET = "\033[31m", "\033[32m", "\033[1m", "\033[2m", "\033[0m"


def _side(rule: Rule | None) -> dict[str, object] | None:
    if rule is None:
        return None
    return {
        "book": rule.book,
        "id": rule.id,
        "section": rule.section,
        "number": rule.number,
        "citation": rule.citation,
        "text": rule.text,
        "outcome": rule.outcome,
        "parameters": rule.parameters,
    }


def change_json(change: RuleChange) -> dict[str, object]:
    return {
        "key": change.key,
        "kind": change.kind.value,
        "section": change.section,
        "substantive": change.substantive,
        "reasons": list(change.reasons),
        "a": _side(change.a),
        "b": _side(change.b),
        "parameters": {name: [old, new] for name, (old, new, _) in change.parameters.items()},
        "units": {name: unit for name, (_, _, unit) in change.parameters.items()},
        "amended_by": change.amended_by or None,
        "words": [{"op": op, "text": text} for op, text in change.words],
    }


def diff_json(diff: BookDiff) -> dict[str, object]:
    return {
        "a": diff.a,
        "b": diff.b,
        "changes": [change_json(c) for c in diff.changes],
        "summary": diff.summary(),
    }


def _number(value: object) -> str:
    return "—" if value is None else str(value)


def _parameters_line(change: RuleChange) -> str:
    """ "absence_minutes: 15 → 30 minutes", and the house record that amends it, if one does."""
    line = "; ".join(
        f"{name}: {_number(old)} → {_number(new)}" + (f" {unit}" if unit else "")
        for name, (old, new, unit) in change.parameters.items()
    )
    return line + (f" (amended by {change.amended_by})" if change.amended_by else "")


def _words(change: RuleChange, color: bool, markdown: bool = False) -> str:
    parts = []
    for op, text in change.words:
        if op == "equal":
            parts.append(text)
        elif markdown:
            parts.append(f"~~{text}~~" if op == "delete" else f"**{text}**")
        elif color:
            parts.append(f"{RED if op == 'delete' else GREEN}{text}{RESET}")
        else:
            parts.append(f"[-{text}-]" if op == "delete" else f"{{+{text}+}}")
    return " ".join(parts)


def _about_the_book(diff: BookDiff) -> str:
    """The records only about the book, counted and not listed (engine.compare.diff)."""
    return f", {diff.about_the_book} only about the book" if diff.about_the_book else ""


def diff_text(diff: BookDiff, color: bool = False) -> str:
    """For a terminal: a summary line, then each change, substantive ones first."""
    summary = diff.summary()
    bold = (lambda s: f"{BOLD}{s}{RESET}") if color else (lambda s: s)
    lines = [
        bold(
            f"{diff.a} → {diff.b}: {summary['changed']} changed "
            f"({summary['substantive']} substantive in all), {summary['added']} added, "
            f"{summary['removed']} removed, {summary['same']} the same" + _about_the_book(diff)
        )
    ]
    for change in diff.changes:
        tag = "substantive" if change.substantive else "wording"
        rule = change.b or change.a
        assert rule is not None  # a change has at least one side
        lines.append("")
        lines.append(bold(f"{change.kind.upper()} {change.key}") + f"  [{tag}] {rule.section}")
        if change.a is not None:
            lines.append(f"  {diff.a}: {change.a.citation}")
        if change.b is not None:
            lines.append(f"  {diff.b}: {change.b.citation}")
        if change.reasons:
            lines.append(f"  why: {', '.join(change.reasons)}")
        if change.parameters:
            lines.append(f"  numbers: {_parameters_line(change)}")
        if change.kind == ChangeKind.CHANGED:
            lines.append(f"  {_words(change, color)}")
        else:
            lines.append(f'  "{rule.text}"')
    return "\n".join(lines)


def diff_markdown(diff: BookDiff) -> str:
    """For a house to publish: what differs from the edition, grouped and readable."""
    summary = diff.summary()
    lines = [
        f"# {diff.b} compared with {diff.a}",
        "",
        f"{summary['changed']} rules changed, {summary['added']} added, {summary['removed']} removed, "
        f"{summary['same']} the same{_about_the_book(diff)}; {summary['substantive']} differences can "
        "change a ruling.",
        "",
    ]
    for heading, wanted in (("Differences that change a ruling", True), ("Wording only", False)):
        group = [c for c in diff.changes if c.substantive == wanted]
        if not group:
            continue
        lines += [f"## {heading}", ""]
        for change in group:
            rule = change.b or change.a
            lines.append(f"### {change.key} ({change.kind}) — {rule.section}")  # type: ignore[union-attr]
            if change.parameters:
                lines.append(f"*Numbers:* {_parameters_line(change)}")
            if change.kind == ChangeKind.CHANGED:
                lines.append(f"> {_words(change, False, markdown=True)}")
            else:
                lines.append(f"> {rule.text}")  # type: ignore[union-attr]
            lines.append("")
    return "\n".join(lines)
