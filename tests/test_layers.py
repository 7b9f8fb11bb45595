"""The layers import one way: the rules core works without the sentence model or the web."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("numpy", "onnx", "onnxruntime", "flask")


def modules_after_importing(module: str) -> set[str]:
    probe = f"import sys, {module}; print(' '.join(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(result.stdout.split())


def test_the_probe_sees_the_heavy_modules_an_import_loads() -> None:
    """The checks below can fail: the probe lists flask once the web is imported."""
    assert "flask" in modules_after_importing("web")


def test_the_resolver_imports_neither_the_model_stack_nor_the_web() -> None:
    loaded = modules_after_importing("engine.rulings.resolver")
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))


def test_the_books_and_the_diff_need_no_model_either() -> None:
    for module in ("engine.books.validate", "engine.compare.diff"):
        loaded = modules_after_importing(module)
        assert not loaded & set(HEAVY), (module, sorted(loaded & set(HEAVY)))


def test_the_command_line_does_not_import_the_web_until_it_serves() -> None:
    loaded = modules_after_importing("engine.cli")
    assert "engine.cli.commands" in loaded
    assert not any(name == "web" or name.startswith("web.") for name in loaded)
