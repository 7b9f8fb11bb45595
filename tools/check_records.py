"""Check rule-record files while they are being written: schema, vocabulary, references, quotations.

    python -m tools.check_records rules/roberts-home/16-holdem.yaml [...]

The checks are the validator's (engine.books.validate, as `pokerrules validate` runs them):
each file is read with the rest of its book folder, the bundled books beside it, and only
the problems in the named files are printed, one a line (file:line: field: message). Exits 1
if there are any.
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine.books.loader import Library, load_library
from engine.books.paths import rules_dir
from engine.books.problems import Problem
from engine.books.validate import iter_problems


def _where(library: Library, file: str) -> Path:
    """The file a problem names (relative to the rules folder's parent, or absolute)."""
    path = Path(file)
    return (path if path.is_absolute() else library.root.parent / path).resolve()


def check(paths: list[Path]) -> list[Problem]:
    """The validator's problems in these files, each read with the rest of its book."""
    files = [path.resolve() for path in paths]
    loose = [file for file in files if not (file.parent / "book.yaml").is_file()]
    bundled = rules_dir().resolve()
    library = load_library(
        extra_books=sorted(
            {file.parent for file in files if file not in loose and file.parent.parent != bundled}
        )
    )
    found = {problem for problem in iter_problems(library) if _where(library, problem.file) in files}
    outside = [
        Problem(str(file), 1, "file", "no book.yaml beside it: put it in its book's folder") for file in loose
    ]
    return outside + sorted(found)


def main(argv: list[str]) -> int:
    problems = check([Path(name) for name in argv])
    print("\n".join(map(str, problems)) if problems else f"{len(argv)} file(s) clean")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
