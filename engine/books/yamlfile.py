"""Strict YAML reading that remembers where things are.

A duplicate mapping key is an error, not a silent overwrite, and every mapping keeps the
line of each of its keys so a problem can be reported as ``file:line: field: message``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml


class LineDict(dict[Any, Any]):
    """A mapping that knows the source line of itself and of each key. What it holds is
    whatever the YAML says (Any): the schemas, not the parser, say what is valid."""

    line: int = 0
    key_lines: dict[object, int]

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)


class YamlProblem(ValueError):
    """YAML that cannot be read; carries the line and a plain message."""

    def __init__(self, line: int, field: str, message: str) -> None:
        super().__init__(message)
        self.line, self.field, self.message = line, field, message


_BASE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C parser when libyaml is there


class _StrictLoader(_BASE):  # type: ignore[valid-type,misc]
    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> LineDict:
        mapping = LineDict()
        mapping.line = node.start_mark.line + 1
        mapping.key_lines = {}
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in mapping:
                raise YamlProblem(
                    key_node.start_mark.line + 1,
                    str(key),
                    f"duplicate key '{key}' (first on line {mapping.key_lines[key]})",
                )
            mapping[key] = self.construct_object(value_node, deep=deep)
            mapping.key_lines[key] = key_node.start_mark.line + 1
        return mapping


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _StrictLoader.construct_mapping)


def read_yaml(path: Path) -> object:
    """Parse a YAML file strictly; raises YamlProblem with the line on any error."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise YamlProblem(1, "file", f"cannot read: {error}") from None
    try:
        return yaml.load(text, Loader=_StrictLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else 1
        raise YamlProblem(line, "yaml", f"{error.problem or error.context}") from None


def read_data(path: Path) -> Any:
    """Parse a data file of the schema folder (lexicon, examples) with the C parser when
    there is one; a malformed file is a ValueError naming the file and the line."""
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=_BASE)  # noqa: S506 - a safe loader
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else 1
        raise ValueError(f"{path}:{line}: yaml: {error.problem or error.context}") from None
