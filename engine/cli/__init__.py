"""The `pokerrules` command line: the arguments of each command; engine.cli.commands runs them."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from engine.cli.commands import cmd_books, cmd_diff, cmd_ruling, cmd_serve, cmd_validate
from engine.cli.houses import add_house_commands


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pokerrules",
        description="Poker rulebooks as data: the ruling for a dispute, in your house's rules.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    validate = commands.add_parser("validate", help="check every book and record; exit 1 on problems")
    validate.add_argument("path", nargs="?", help="a rules folder, or one book folder (default: bundled)")
    validate.add_argument(
        "--conflicts",
        action="store_true",
        help="also list pairs of rules that disagree with no precedence between them",
    )
    validate.set_defaults(run=cmd_validate)
    books = commands.add_parser("books", help="list the books and their record counts")
    books.add_argument("--json", action="store_true", help="print JSON")
    books.add_argument("--path", help=argparse.SUPPRESS)
    books.set_defaults(run=cmd_books)
    ruling = commands.add_parser("ruling", help="the ruling for a situation in one house")
    ruling.add_argument("--house", required=True, help="book id of the house, or 'all' for every house")
    ruling.add_argument("--game")
    ruling.add_argument("--structure")
    ruling.add_argument("--format")
    ruling.add_argument("--fact", action="append", default=[], metavar="KEY=VALUE")
    ruling.add_argument(
        "--answer",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="the answer to a question the last ruling asked (traced as answered)",
    )
    ruling.add_argument(
        "--num",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a number of the dispute (pot=120, bb=10, stakes=5/10, actions='A bets 100, B all-in 140')",
    )
    ruling.add_argument("--json", action="store_true", help="print JSON")
    ruling.add_argument(
        "text", nargs="?", help='the dispute in words, e.g. "dealer flashed seat 4\'s second card"'
    )
    ruling.set_defaults(run=cmd_ruling)
    diff = commands.add_parser("diff", help="differences between the effective rulebooks of two books")
    diff.add_argument("a", help="the book to compare from")
    diff.add_argument("b", help="the book to compare with")
    output = diff.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print JSON")
    output.add_argument("--markdown", action="store_true", help="print Markdown for publishing")
    diff.add_argument("--section", help="only rules whose section or chapter contains this")
    diff.add_argument("--game", help="only rules that apply to this game")
    diff.add_argument("--substantive", action="store_true", help="only differences that can change a ruling")
    diff.add_argument(
        "--rulings",
        action="store_true",
        help="re-rule the test situations under both books and list the ones that change",
    )
    diff.add_argument("--situations", help="folder of situation YAML files for --rulings")
    diff.add_argument("--color", choices=["auto", "always", "never"], default="auto")
    diff.set_defaults(run=cmd_diff)
    serve = commands.add_parser("serve", help="the web UI and JSON API, under a production WSGI server")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, help="worker processes (default: one per core, at least 2)")
    serve.add_argument("--threads", type=int, default=2, help="threads per worker (at least 2)")
    serve.add_argument("--path", help="a rules folder to serve instead of the bundled one")
    serve.add_argument(
        "--reload-rules",
        action="store_true",
        help="reload the rules when a file in the rules folder changes (as SIGHUP does)",
    )
    serve.set_defaults(run=cmd_serve)
    for command in (validate, books, ruling, diff, serve):
        add_rules_option(command)
    add_house_commands(commands)
    return parser


def _printable_anywhere() -> None:
    """Under an ASCII-only locale a character the terminal cannot show is written as an
    escape (in JSON, the same character), not a UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")


def add_rules_option(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--rules",
        action="append",
        metavar="DIR",
        help="a folder of house books read beside the bundled editions (repeatable; "
        "default: $POKERRULES_RULES)",
    )


def main(argv: list[str] | None = None) -> int:
    _printable_anywhere()
    args = build_parser().parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run  # the command's cmd_* function
    try:
        return run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as error:  # noqa: BLE001 - a person gets a sentence, never a traceback
        print(f"pokerrules: {type(error).__name__}: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
