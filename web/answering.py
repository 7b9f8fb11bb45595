"""How a question on the page is answered, corrected or undone: each is a link (or a tiny
form) to this page's URL with one fact more, changed or taken back, landing on the verdict.

Without JavaScript the browser follows the link and the `#verdict` fragment brings the new
verdict into view; with it, app.js fetches the same URL and swaps the result in place."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlencode

from flask import request, url_for
from werkzeug.datastructures import MultiDict

from engine.books.vocabulary import FactType
from engine.rulings.situation import CONTEXT
from web.labels import fact_label, outcome_label, value_label
from web.query import knowledge, rule_on, situation_params

VERDICT = "#verdict"
SHORT_LIST = 8  # a fact with at most this many values offers each as a one-tap correction


def _without(args, name: str) -> list[tuple[str, str]]:
    return [
        (k, v)
        for k, v in args.items(multi=True)
        if not (k == "fact" and v.split("=", 1)[0] == name)
        and k != name
        and k not in ("fact_name", "fact_value", "answer_as")
    ]


def with_fact(name: str, value: object, args=None) -> str:
    """This page's URL with one more fact, landing on the verdict: how an answer re-rules."""
    args = args if args is not None else request.args
    added = (name, str(value)) if name in CONTEXT else ("fact", f"{name}={value}")
    return "?" + urlencode([*_without(args, name), added, ("answered", name)]) + VERDICT


def with_number(name: str, value: object, args=None) -> str:
    """This page's URL with a number a computation asked for (`num=NAME=VALUE`)."""
    args = args if args is not None else request.args
    kept = [(k, v) for k, v in _without(args, name) if not (k == "num" and v.split("=", 1)[0] == name)]
    return "?" + urlencode([*kept, ("num", f"{name}={value}")]) + VERDICT


def typed_answer(args=None) -> str:
    """Where the number form leads: a fact answered, or a number for a computation."""
    args = args if args is not None else request.args
    name, value = args["fact_name"], args["fact_value"]
    if args.get("answer_as") == "num":
        return with_number(name, value, args)
    return with_fact(name, value, args)


def number_wanted(answer: dict | None) -> dict | None:
    """The question for a number a computation needs, when no fact is asked first."""
    if not answer or answer.get("answer") or answer["status"] == "needs-facts":
        return None
    return next((q for q in answer.get("questions") or [] if q.get("num")), None)


def undo_last(args=None) -> str | None:
    """This page's URL without the last answer given (None when nothing was answered)."""
    args = args if args is not None else request.args
    answered = args.getlist("answered")
    if not answered:
        return None
    last = answered[-1]
    pairs = _without(args, last)
    pairs = [(k, v) for k, v in pairs if k != "answered"] + [("answered", a) for a in answered[:-1]]
    return "?" + urlencode(pairs) + VERDICT


def permalink(answer: dict) -> str:
    """A link that replays this ruling exactly: the house and every fact it was ruled on,
    the ones read from the words included, so later changes to the lexicon cannot move it."""
    situation = answer["situation"]
    pairs = [("house", answer["house"])]
    pairs += [(name, situation[name]) for name in CONTEXT if situation.get(name)]
    pairs += [("fact", f"{name}={value}") for name, value in situation["facts"].items()]
    if request.args.get("q"):
        pairs.append(("q", request.args["q"]))
    pairs += [("num", value) for value in request.args.getlist("num")]
    return url_for("pages.lookup_page") + "?" + urlencode(pairs)


def choices(question: dict) -> list[tuple[str, str]]:
    """A question's answers as (words, URL): the vocabulary's words, never an id."""
    vocab = knowledge().vocab
    return [
        (value_label(vocab, question["fact"], choice), with_fact(question["fact"], choice))
        for choice in question["choices"]
    ]


PREVIEW_CHOICES = 4  # up to this many answers, each shows what it would rule


def leads_to(url: str) -> str | None:
    """What an answer would rule, in a few words ("MISDEAL", "another question"), so a
    supervisor who cannot learn the answer still sees what hangs on it. The ruling is the
    one the answer's link gives, worked out (and cached) as that request would be."""
    args = MultiDict(parse_qsl(url.split("#")[0].lstrip("?"), keep_blank_values=True))
    if not args.get("house") or args["house"] == "all":
        return None
    answer = rule_on(situation_params(args))
    if answer["status"] == "ruled":
        return outcome_label(answer["rulings"][0]["outcome"])
    return {"needs-facts": "another question", "conflict": "the rules disagree"}.get(
        answer["status"], "no rule"
    )


_WEIGHED = re.compile(r"^rule (\S+) \[")  # a trace line naming a rule the resolver weighed


def facts_weighed(answer: dict) -> frozenset[str]:
    """The facts the ruling turned on: what happened, the game, and every fact a rule weighed
    for it reads (its conditions and cases) or a question asks."""
    kb = knowledge()
    ids = {match.group(1) for line in answer.get("trace", ()) if (match := _WEIGHED.match(line))}
    ids |= {item.get("id") for item in (*answer.get("rulings", ()), *answer.get("overridden", ()))}
    rules = [kb.library.rules[kb.positions[i]] for i in ids if i in kb.positions]
    asked = {question["fact"] for question in (*answer.get("questions", ()), *answer.get("not_asked", ()))}
    return frozenset({"event", *CONTEXT, *asked}).union(*(rule.facts for rule in rules))


def corrections(answer: dict) -> list[dict]:
    """Each fact read from the words (or taken from the rule they match), with one-tap
    corrections: the other answer of a yes/no fact, the other values of a short list, a
    number field for a count. What happened and the game are corrected above, not here.
    `used`: whether a rule weighed for this ruling reads it (the others are listed apart)."""
    vocab = knowledge().vocab
    weighed = facts_weighed(answer)
    rows = []
    for name, item in (answer.get("inferred") or {}).items():
        fact = vocab.facts.get(name)
        row = {
            "name": name,
            "label": fact_label(name),
            "value": item["value"],
            "number_value": str(item["value"]).rstrip("+"),  # "2+" is corrected from 2
            "value_label": value_label(vocab, name, item["value"]),
            "from": item["from"],
            "others": [],
            "number": False,
            "taken": "rule" in item or bool(item.get("unmentioned")),
            "unmentioned": bool(item.get("unmentioned")),
            "used": name in weighed,
        }
        if fact is not None and name != "event" and name not in CONTEXT:
            if fact.type == FactType.BOOL:
                other = "no" if item["value"] is True else "yes"
                row["others"] = [(value_label(vocab, name, other), with_fact(name, other))]
            elif fact.type == FactType.ENUM and len(fact.values) <= SHORT_LIST:
                row["others"] = [
                    (value_label(vocab, name, v), with_fact(name, v))
                    for v in fact.values
                    if v != item["value"]
                ]
            else:
                row["number"] = fact.type in (FactType.INT, FactType.NUMBER)
        rows.append(row)
    return rows


def understood(answer: dict | None) -> bool:
    """False when the words carried nothing recognisable (the engine's `understood`)."""
    return answer is None or answer.get("understood", True) is not False


def differing_first(result: dict) -> list[str]:
    """The houses compared, those that rule differently from the rest first."""
    differ = result["differ"]
    return sorted(result["houses"], key=lambda house: house not in differ)


def questions_asked(result: dict) -> list[dict]:
    """The first question of each house that needs a fact, once each, with the houses asking."""
    asked: dict[str, dict] = {}
    for house, answer in result["houses"].items():
        if answer["status"] == "needs-facts" and answer["questions"]:
            question = answer["questions"][0]
            asked.setdefault(question["fact"], {**question, "houses": []})["houses"].append(house)
    return list(asked.values())
