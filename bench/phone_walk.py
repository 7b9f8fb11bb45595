"""The twelve-dispute walk: a floor supervisor's phone, from the home page to a verdict.

    python bench/phone_walk.py [--per-house 4] [--shots DIR]

For the first four disputes of each house in tests/disputes/holdout.yaml, on a 375 x 812
phone in Debian's Chromium against the production server: choose the house and what the
person picked (game, structure), type the words, press Return, and answer every question
the page asks truthfully from the dispute's labelled `facts`, by tapping the answer whose
link carries the true value (a number is typed, then "Answer" tapped). Counted from the
Return on: taps until a verdict (Return counts as one). Also noted: each question asked
about a fact the words already state (the dispute's `said`), a question the labels cannot
answer (a dead end), and whether the verdict is the labelled ruling (the API's JSON for
the page's own URL, judged as bench/disputes.py judges). Measured only: prints numbers.
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.disputes import judge  # noqa: E402

HOLDOUT = ROOT / "tests" / "disputes" / "holdout.yaml"
PHONE = {"width": 375, "height": 812}
MAX_ANSWERS = 8
CONTEXT = ("game", "structure", "format")


def first_of_each_house(path: Path, per_house: int) -> list[dict]:
    chosen: dict[str, list[dict]] = {}
    for dispute in yaml.safe_load(path.read_text(encoding="utf-8")):
        mine = chosen.setdefault(dispute["house"], [])
        if len(mine) < per_house:
            mine.append(dispute)
    return [dispute for disputes in chosen.values() for dispute in disputes]


def truth(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def start_server() -> tuple[subprocess.Popen, str]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, "-m", "engine.cli", "serve", "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(base + "/api/books", timeout=1):  # noqa: S310 - our own server
                return process, base
        except OSError:
            time.sleep(0.2)
    process.terminate()
    raise SystemExit("the server did not start within 120 s")


def answer_of(href: str) -> tuple[str, str]:
    """The fact an answer link answers and the value it gives, read from its URL."""
    pairs = parse_qsl(urlsplit(href).query)
    fact = [value for name, value in pairs if name == "answered"][-1]
    if fact in CONTEXT:
        return fact, dict(pairs)[fact]
    given = [
        value.split("=", 1)[1] for name, value in pairs if name == "fact" and value.startswith(fact + "=")
    ]
    return fact, given[-1]


def asked_fact(page) -> tuple[str, dict[str, object]] | None:
    """The fact the question on the page asks, and its answer links by value (none: a number)."""
    if page.locator("#ruling.status-needs-facts").count() == 0:
        return None
    links = {}
    fact = ""
    for link in page.locator("#ruling .question a.answer").all():
        fact, value = answer_of(link.get_attribute("href") or "")
        links[value] = link
    if links:
        return fact, links
    number = page.locator("#ruling form.answers input[name=fact_name]")
    return (number.get_attribute("value") or "", {}) if number.count() else None


def walk(page, base: str, dispute: dict) -> dict:
    """One dispute from the home page to a verdict; what it took."""
    page.goto(base + "/")
    page.select_option("#house", dispute["house"])
    picked = dispute.get("picked") or {}
    if picked:
        page.locator("details.context summary").click()
        for name, value in picked.items():
            page.select_option(f"select[name={name}]", value)
    page.fill("#q", dispute["text"])
    page.press("#q", "Enter")
    page.wait_for_selector("#verdict")
    taps, asked, needless, dead_end = 1, [], [], None
    facts = {**(dispute.get("facts") or {}), **picked}
    said = set(dispute.get("said") or {})
    while len(asked) < MAX_ANSWERS:
        question = asked_fact(page)
        if question is None:
            break
        fact, links = question
        asked.append(fact)
        if fact in said:
            needless.append(fact)
        if fact not in facts:
            dead_end = fact
            break
        before = page.locator("#verdict").inner_text()
        url_before = page.url
        if links:
            link = links.get(truth(facts[fact]))
            if link is None:
                dead_end = f"{fact}={truth(facts[fact])} not offered"
                break
            link.click()
        else:
            page.fill("#ruling form.answers input[name=fact_value]", truth(facts[fact]))
            page.click("#ruling form.answers button")
            taps += 1  # typing the number
        taps += 1
        page.wait_for_function(
            "([text, url]) => location.href !== url && document.getElementById('verdict') &&"
            " !document.querySelector('main[aria-busy]')",
            arg=[before, url_before],
        )
    verdict = page.locator("#verdict").inner_text()
    query = urlsplit(page.url).query
    with urllib.request.urlopen(f"{base}/api/ruling?{query}", timeout=10) as response:  # noqa: S310
        answer = yaml.safe_load(response.read().decode())
    return {
        "id": dispute["id"],
        "house": dispute["house"],
        "taps": taps,
        "asked": asked,
        "needless": needless,
        "dead_end": dead_end,
        "verdict": verdict,
        "judged": judge(dispute, answer),
    }


def stopped(row: dict) -> str:
    return f"NO VERDICT, asked what the labels do not say: {row['dead_end']} " if row["dead_end"] else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-house", type=int, default=4)
    parser.add_argument("--shots", type=Path, default=None, help="save each verdict's screenshot here")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    disputes = first_of_each_house(HOLDOUT, args.per_house)
    process, base = start_server()
    rows = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
            page = context.new_page()
            for dispute in disputes:
                row = walk(page, base, dispute)
                rows.append(row)
                if args.shots:
                    args.shots.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=str(args.shots / f"{row['id']}.png"))
                print(
                    f"{row['id']} {row['house']:<17} taps {row['taps']}  "
                    f"asked {','.join(row['asked']) or '-':<40} "
                    f"words-stated {','.join(row['needless']) or '-':<22} "
                    f"{stopped(row)}"
                    f"-> {row['verdict']!r} ({row['judged']})",
                    flush=True,
                )
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=10)
    taps = [row["taps"] for row in rows]
    reached = [row["taps"] for row in rows if not row["dead_end"]]
    if reached:
        print(f"\n{len(reached)} reached a verdict: median taps after typing {statistics.median(reached)}")
    print(
        f"{len(rows)} disputes: median taps after typing {statistics.median(taps)}, "
        f"mean {statistics.mean(taps):.2f} (a dispute stopped by a question counts the taps it took)"
    )
    print(f"asked about a fact the words state: {sum(bool(row['needless']) for row in rows)} of {len(rows)}")
    print(
        "stopped by a question about a fact the labels do not give (no truthful answer): "
        f"{sum(bool(row['dead_end']) for row in rows)}"
    )
    print(
        f"verdicts judged right (bench/disputes.py's judge on the final page): "
        f"{sum(row['judged'] in ('right', 'right question', 'asked') for row in rows)} of {len(rows)}"
    )


if __name__ == "__main__":
    main()
