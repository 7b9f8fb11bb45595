"""Shared fixtures: the bundled knowledge base, loaded once per test session."""

from __future__ import annotations

import pytest

from engine.books.loader import Library, load_library


@pytest.fixture(scope="session")
def library() -> Library:
    return load_library()
