"""The browser tests' shared fixtures: the production server (gunicorn) on a free localhost
port, Debian's Chromium driven by Playwright (never a downloaded browser), a phone-sized page
that fails its test on any console error, and a desktop page. Screenshots go under
test-output/screenshots/ for a person to look at."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.servers import running_server

CHROMIUM = "/usr/bin/chromium"
SHOTS = Path(__file__).resolve().parent.parent / "test-output" / "screenshots"
AXE = Path(__file__).resolve().parent / "fixtures" / "axe" / "axe.min.js"
PHONE = {"width": 375, "height": 812}

needs_chromium = pytest.mark.skipif(
    not Path(CHROMIUM).exists() and not os.environ.get("CI_REQUIRE_BROWSER"),
    reason="Debian chromium is not installed (make test installs it)",
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    """The production server on a free port; the tests fail loudly if it does not start."""
    with running_server(tmp_path_factory.mktemp("server") / "stderr.log") as (base, _process):
        yield base


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=shutil.which("chromium") or CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield launched
        launched.close()


@pytest.fixture()
def phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    yield page
    context.close()
    assert not errors, errors


@pytest.fixture()
def desktop(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context.new_page()
    context.close()


def answer_link(page, label: str):
    """The answer button whose words are `label` (its preview of the ruling may follow)."""
    import re

    return page.locator("a.answer").filter(has_text=re.compile(rf"^{re.escape(label)}(\s|$)"))
