"""`pokerrules house ...`: start a house of one's own, kept outside the installed package."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from engine.books.loader import load_library
from engine.books.paths import house_folders
from engine.houses.importer import import_house
from engine.houses.new import HouseError, new_house


def add_house_commands(commands: Any) -> None:  # argparse's subparsers action has no public type
    house = commands.add_parser("house", help="start a house's own rules, kept in a folder of its own")
    verbs = house.add_subparsers(dest="verb", required=True)
    new = verbs.add_parser("new", help="write a house's folder over a book, ready to edit; it validates")
    new.add_argument("id", help="the house's book id, e.g. my-home-game")
    new.add_argument(
        "--extends", required=True, metavar="BOOK", help="the book it changes, e.g. roberts-home"
    )
    new.add_argument("--title", default="", help="its title (default: from the id)")
    new.add_argument(
        "--rules",
        metavar="DIR",
        help="the folder of house books to write it in (default: $POKERRULES_RULES, else ./houses)",
    )
    new.set_defaults(run=cmd_house_new)
    imported = verbs.add_parser(
        "import", help="make a house from its rules document (Markdown or text, numbered rules and sections)"
    )
    imported.add_argument("file", help="the house's rules document; copied into the house as its source")
    imported.add_argument("--id", required=True, help="the house's book id")
    imported.add_argument("--extends", required=True, metavar="BOOK", help="the edition it restates")
    imported.add_argument("--rules", metavar="DIR", help="as for `house new`")
    imported.set_defaults(run=cmd_house_import)


def _folders(args: argparse.Namespace) -> tuple[list[Path], Path]:
    """The house folders to read, and the one to write in."""
    folders = house_folders([args.rules] if args.rules else None)
    return folders, folders[0] if folders else Path("houses")


def cmd_house_new(args: argparse.Namespace) -> int:
    folders, folder = _folders(args)
    try:
        target = new_house(load_library(houses=folders), folder, args.id, args.extends, args.title)
    except HouseError as error:
        print(f"pokerrules: {error}", file=sys.stderr)
        return 2
    print(f"wrote {target}/: book.yaml, 01-house-rules.yaml, house-rules.md")
    print("next: write your rules in house-rules.md, one record each in 01-house-rules.yaml, then")
    print(f"  pokerrules validate --rules {folder}")
    print(f"  pokerrules diff {args.extends} {args.id} --rules {folder}")
    return 0


def cmd_house_import(args: argparse.Namespace) -> int:
    folders, folder = _folders(args)
    try:
        report = import_house(load_library(houses=folders), Path(args.file), folder, args.id, args.extends)
    except HouseError as error:
        print(f"pokerrules: {error}", file=sys.stderr)
        return 2
    print(
        f"wrote {report.folder}/: {len(report.records)} records, {len(report.aligned)} aligned with a "
        f"rule of a known book, {len(report.to_review)} to check (REVIEW.md)"
    )
    print(f"next: pokerrules validate --rules {folder}")
    print(f"      pokerrules diff {args.extends} {args.id} --rules {folder}")
    return 0
