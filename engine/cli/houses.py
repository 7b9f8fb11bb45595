"""`pokerrules house ...`: start a house of one's own, kept outside the installed package."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from engine.books.loader import load_library
from engine.books.paths import house_folders
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


def cmd_house_new(args: argparse.Namespace) -> int:
    folders = house_folders([args.rules] if args.rules else None)
    folder = folders[0] if folders else Path("houses")
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
