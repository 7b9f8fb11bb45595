"""A ruling as a person reads it at the table: plain lines, the rule text quoted."""

from __future__ import annotations

from typing import Any

from engine.rulings.resolver import RulingStatus
from engine.rulings.situation import CONTEXT

# The contract's ruling object (engine.render.ruling_json), as built or as read back from JSON.
Answer = dict[str, Any]


def render_ruling(answer: Answer) -> str:
    """The ruling as a person reads it at the table."""
    lines = [f"{answer['house']}: {answer['status'].upper()}"]
    if answer.get("inferred"):
        read = ", ".join(
            f"{name}={item['value']} ({item['from']})"
            if item.get("unmentioned")
            else f'{name}={item["value"]} (from "{item["from"]}")'
            for name, item in answer["inferred"].items()
        )
        lines.append(f"Read from your words: {read}  — correct any with --fact")
    if answer.get("derived"):
        worked = ", ".join(f"{name}={value}" for name, value in answer["derived"].items())
        lines.append(f"Worked out from the numbers: {worked}")
    lines += answer_lines(answer.get("answer"))
    lines += [f"Note: {warning}" for warning in answer["warnings"]]
    for index, rule in enumerate(answer["rulings"]):
        label = {
            RulingStatus.RULED: "Ruling" if index == 0 else "Also applies",
            RulingStatus.CONFLICT: "Conflicting rule",
            RulingStatus.NEEDS_FACTS: "Applies so far",
        }.get(answer["status"], "Rule")
        lines += [
            f"{label}: {rule['outcome']} — {rule['summary']}",
            f"  {rule['book']}, {rule['citation']}",
            f'  "{rule["text"]}"',
        ]
        own = [item for item in answer.get("silent", []) if item["book"] == answer["house"]]
        if rule["origin"] != answer["house"] and own:
            lines.append(
                f"  Inherited from {rule['origin']}: {answer['house']}'s own rule ({own[0]['citation']})"
                " does not decide this situation."
            )
        elif rule["origin"] != answer["house"]:
            lines.append(
                f"  Inherited from {rule['origin']}: {answer['house']} has no rule of its own on this."
            )
        if rule["discretion"]:
            lines.append(f"  Discretion: {rule['discretion_by']}")
    for rule in answer["nearest"]:
        lines.append(f"Nearest: {rule['id']} — {rule['summary']}")
    for item in answer["overridden"]:
        lines.append(f"Set aside: {item['id']} ({item['reason']})")
    for item in answer.get("unless", ()):
        lines.append(f"Unless: {item['summary']} ({item['book']}, {item['citation']})")
        for question in item["questions"]:
            lines.append(
                f"  Nobody said; ask if in doubt: {question['ask']}  (--answer {question['fact']}=...)"
            )
    for question in answer.get("not_asked", ()):
        lines.append(f"Not asked: {question['ask']} (every answer gives this ruling)")
    for question in answer["questions"]:
        choices = f" [{' / '.join(question['choices'])}]" if question["choices"] else ""
        if question.get("num"):  # a number a computation needs, not a fact
            option = f"--num {question['num']}=..."
        elif question["fact"] in CONTEXT:
            option = f"--{question['fact']}"
        else:
            option = f"--answer {question['fact']}=..."
        lines.append(f"Ask: {question['ask']}{choices}  ({option})")
    return "\n".join(lines)


def answer_lines(computed: Answer | None) -> list[str]:
    """The computed number first, then its working, the house settings and the alternatives."""
    if not computed:
        return []
    lines = [f"Answer: {computed['display']}"]
    lines += [f"  {step}" for step in computed["working"]]
    lines += [f"  House setting: {s['name']} = {s['value']} ({s['from']})" for s in computed["settings"]]
    lines += [f"  If {a['if']}: {a['display']}" for a in computed["alternatives"]]
    read = ", ".join(
        f'{r["name"]} {r["value"]} ("{r["from"]}")'.replace("  ", " ")
        + (f" [{r['num']}]" if "num" in r else "")
        for r in computed["read"]
    )
    if read:
        lines.append(f"  Numbers read: {read}  — correct any with --num NAME=VALUE (NAME in brackets)")
    return lines


def said_in_one_line(answer: Answer) -> str:
    """A ruling in one line: the outcome and its citation, the question, or both rules."""
    if answer["status"] == RulingStatus.NEEDS_FACTS:
        return "ask: " + "; ".join(q["ask"] for q in answer["questions"])
    if answer["status"] == RulingStatus.CONFLICT:
        return "conflict: " + " vs ".join(r["id"] for r in answer["rulings"])
    if answer["status"] == RulingStatus.NO_RULE:
        return "no rule"
    first = answer["rulings"][0]
    return f"{first['outcome']} — {first['book']}, {first['citation']}"
