"""What each `pokerrules` command does: read the arguments, ask the engine, print."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.answer import answer_dispute
from engine.books.catalog import describe_books
from engine.books.effective import UnknownBook
from engine.books.loader import Library, load_library
from engine.books.paths import house_folders
from engine.books.vocabulary import load_vocabulary
from engine.compare.behaviour import differing_houses, load_situations, rule_everywhere, ruling_differences
from engine.compare.diff import diff_books
from engine.compute.given import parse_number_pairs
from engine.freetext.knowledge import KnowledgeBase
from engine.freetext.model.minilm import INSTALL_MODEL, model_folder
from engine.freetext.understand import TextError
from engine.render.diff_render import diff_json, diff_markdown, diff_text
from engine.render.ruling_json import ruling_json
from engine.render.ruling_text import render_ruling, said_in_one_line
from engine.rulings.conflicts import iter_static_conflicts
from engine.rulings.situation import SituationError, parse_fact_pairs


def _library_for(path: str | None, rules: list[str] | None = None) -> Library:
    """A rules folder (with its sources/), or one book folder or a folder of house books
    checked together with the bundled books; with the house books of `--rules` (default:
    $POKERRULES_RULES) beside the bundled ones."""
    houses = house_folders(rules)
    if path is None:
        return load_library(houses=houses)
    target = Path(path)
    if not target.is_dir():
        raise SystemExit(f"pokerrules: no such folder: {path}")
    if (target / "book.yaml").is_file() and (target.parent / "sources").is_dir():
        return load_library(extra_books=[target], houses=houses)  # a book of a rules folder
    if not (target / "sources").is_dir():  # a house, or a folder of them: beside the bundled books
        return load_library(houses=[target, *houses])
    return load_library(target, houses=list(map(Path, rules or [])))


def cmd_validate(args: argparse.Namespace) -> int:
    from engine.books.house_warnings import iter_house_warnings
    from engine.serving import every_problem  # the problems `serve` quarantines a book for

    library = _library_for(args.path, args.rules)
    problems = every_problem(library)
    kb = KnowledgeBase(library, load_vocabulary()) if not problems else None
    for problem in problems:
        print(problem)
    if kb is not None and not problems:
        for warning in iter_house_warnings(library, kb.vocab):
            print(warning, file=sys.stderr)  # a warning: validation still passes
        conflicts = [c for book in kb.houses for c in iter_static_conflicts(kb, book)]
        for conflict in conflicts if args.conflicts else ():
            print(f"conflict: {conflict}")
        hint = "" if args.conflicts else " (list them with --conflicts)"
        print(
            f"{len(conflicts)} static conflict(s): rules that disagree with no precedence{hint}",
            file=sys.stderr,
        )
    if problems:
        print(f"{len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(
        f"ok: {len(library.books)} books, {len(library.rules)} rules, "
        f"{len(library.glossary)} glossary entries",
        file=sys.stderr,
    )
    return 0


def cmd_books(args: argparse.Namespace) -> int:
    listing = describe_books(_library_for(args.path, args.rules))
    if args.json:
        print(json.dumps(listing, indent=2, ensure_ascii=False))
        return 0
    for book in listing:
        extends = f" extends {', '.join(book['extends'])}" if book["extends"] else ""
        print(
            f"{book['id']:<18} {book['kind']:<8} {book['records']:>4} rules "
            f"{book['glossary']:>4} terms  {book['title']} ({book['version']}, {book['date']}){extends}"
        )
    return 0


def cmd_ruling(args: argparse.Namespace) -> int:
    kb = KnowledgeBase.load(houses=house_folders(args.rules))
    try:
        if args.house == "all":
            return _ruling_everywhere(kb, args)
        answers = parse_fact_pairs(args.answer)
        facts = {**parse_fact_pairs(args.fact), **answers}
        answer = answer_dispute(
            kb,
            args.house,
            args.text,
            game=args.game,
            structure=args.structure,
            format=args.format,
            facts=facts,
            answered=frozenset(answers),
            numbers=parse_number_pairs(args.num),
        )
    except (SituationError, UnknownBook, TextError) as error:
        print(f"pokerrules: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(answer, indent=2, ensure_ascii=False))
    else:
        print(render_ruling(answer))
    return 0


def _ruling_everywhere(kb: KnowledgeBase, args: argparse.Namespace) -> int:
    spec = {
        "game": args.game,
        "structure": args.structure,
        "format": args.format,
        "facts": parse_fact_pairs(args.fact),
    }
    numbers = parse_number_pairs(args.num)
    if numbers:  # the same numbers in every house: each house's rules compute its own answer
        context = {"game": args.game, "structure": args.structure, "format": args.format}
        answers = {
            house: answer_dispute(kb, house, None, **context, facts=dict(spec["facts"]), numbers=numbers)
            for house in kb.houses
        }
    else:
        answers = {house: ruling_json(ruling) for house, ruling in rule_everywhere(kb, spec).items()}
    differ = differing_houses(answers)
    if args.json:
        print(json.dumps({"houses": answers, "differ": differ}, indent=2, ensure_ascii=False))
        return 0
    for house, answer in answers.items():
        mark = "≠" if house in differ else " "
        number = f"{answer['answer']['display']} — " if answer.get("answer") else ""
        print(f"{mark} {house:<18} {answer['status']:<12} {number}{said_in_one_line(answer)}")
    return 0


def cmd_diff(args: argparse.Namespace) -> int:
    kb = KnowledgeBase.load(houses=house_folders(args.rules))
    try:
        diff = diff_books(
            kb, args.a, args.b, section=args.section, game=args.game, substantive_only=args.substantive
        )
        if args.rulings:
            return _behaviour(kb, args)
    except (UnknownBook, SituationError) as error:
        print(f"pokerrules: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(diff_json(diff), indent=2, ensure_ascii=False))
    elif args.markdown:
        print(diff_markdown(diff))
    else:
        color = args.color == "always" or (args.color == "auto" and sys.stdout.isatty())
        print(diff_text(diff, color=color))
    return 0


def _behaviour(kb: KnowledgeBase, args: argparse.Namespace) -> int:
    checkout_cases = Path(__file__).resolve().parents[2] / "tests" / "rulings"
    folder = Path(args.situations) if args.situations else checkout_cases
    if not folder.is_dir():
        raise SituationError(f"no situations folder at {folder}; give one with --situations")
    differences = ruling_differences(kb, args.a, args.b, load_situations(folder))
    if args.json:
        print(json.dumps(differences, indent=2, ensure_ascii=False))
        return 0
    print(f"{len(differences)} situation(s) ruled differently by {args.a} and {args.b}")
    for item in differences:
        print(f"\n{item['name']}")
        for answer in (item["a"], item["b"]):
            print(f"  {answer['house']:<18} {answer['status']:<12} {said_in_one_line(answer)}")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from web.server import ProductionServer

    houses = house_folders(args.rules)
    beside = f" and the houses in {', '.join(map(str, houses))}" if houses else ""
    what = f"the rulebooks in {args.path}" if args.path else f"the bundled rulebooks{beside}"
    print(
        f"pokerrules: serving {what} on http://{args.host}:{args.port}/ (Ctrl-C to stop; "
        "SIGHUP reloads the rules)",
        file=sys.stderr,
        flush=True,
    )
    if model_folder() is None:
        print(
            f"pokerrules: the sentence model is not installed ({INSTALL_MODEL}); free-text "
            "lookups match words only and find the right rule less often",
            file=sys.stderr,
            flush=True,
        )
    if args.path and not Path(args.path).is_dir():
        raise SystemExit(f"pokerrules: no such folder: {args.path}")
    rules = Path(args.path) if args.path else None
    ProductionServer(
        args.host,
        args.port,
        workers=args.workers,
        threads=args.threads,
        rules=rules,
        watch=args.reload_rules,
        houses=houses,
    ).run()
    return 0
