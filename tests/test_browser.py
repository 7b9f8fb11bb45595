"""The UI in a real Chromium (Debian's package, driven by Playwright), on a phone-sized
screen, against the production server (gunicorn) on localhost. Screenshots are saved
under test-output/screenshots/ for a person to look at."""

from __future__ import annotations

# ruff: noqa: F811 - the fixtures imported from tests/browsing.py are the tests' parameters
from playwright.sync_api import expect

from tests.browsing import (  # noqa: F401
    PHONE,
    SHOTS,
    answer_link,
    browser,
    desktop,
    needs_chromium,
    phone,
    server,
)

pytestmark = needs_chromium


def test_type_a_dispute_and_read_the_ruling(server, phone) -> None:
    phone.goto(server + "/")
    phone.select_option("#house", "catfish-bend")
    phone.fill(
        "textarea[name=q]",
        "hold'em: dealer flashed the 2nd card to seat 4 while pitching, just that one card, nobody had acted",
    )
    phone.click("button.primary")
    verdict = phone.locator(".verdict")
    assert verdict.inner_text() == "MISDEAL"
    assert "first or second hole card" in phone.locator(".rule-text").first.inner_text()
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.screenshot(path=str(SHOTS / "phone-ruling.png"), full_page=True)


def test_answer_a_follow_up_question(server, phone) -> None:
    phone.goto(server + "/?house=roberts-home&game=holdem&fact=event%3Dmisdeal-claim")
    expect(phone.locator("#verdict")).to_have_text(
        "How many players had acted after the blinds (or the forced bet)?"
    )
    phone.screenshot(path=str(SHOTS / "phone-question.png"), full_page=True)
    phone.fill("input[name=fact_value]", "2")
    phone.click("form.answers button")
    expect(phone.locator("#verdict")).to_have_text("NO MISDEAL")
    assert "players_acted%3D2" in phone.url
    phone.screenshot(path=str(SHOTS / "phone-answered.png"), full_page=True)


def test_a_choice_question_is_answered_with_one_tap(server, phone) -> None:
    phone.goto(
        server + "/?house=catfish-bend&game=holdem&fact=event%3Dexposed-card&fact=card%3Dholecard"
        "&fact=card_number%3D2&fact=cards_exposed%3D1&fact=players_acted%3D0"
    )
    answer_link(phone, "The dealer").click()
    expect(phone.locator("#verdict")).to_have_text("MISDEAL")


def test_the_house_is_remembered(server, phone) -> None:
    phone.goto(server + "/?house=homepokertourney&fact=event%3Dstraddle")
    phone.goto(server + "/")
    assert phone.locator("#house").input_value() == "homepokertourney"


def test_open_the_diff_page_and_filter_it(server, browser) -> None:
    context = browser.new_context(viewport=PHONE, device_scale_factor=2)
    page = context.new_page()
    page.goto(server + "/diff")
    page.select_option("select[name=a]", "roberts-home")
    page.select_option("select[name=b]", "catfish-bend")
    page.fill("input[name=section]", "hold'em")
    page.check("input[name=substantive]")
    page.click("button.primary")
    assert "differences can change a ruling" in page.locator(".totals").inner_text()
    changes = page.locator("article.change")
    assert changes.count() > 0 and changes.count() == page.locator("article.change.substantive").count()
    assert page.get_by_text("holdem.flop-redeal").count() >= 1
    page.screenshot(path=str(SHOTS / "phone-diff.png"), full_page=False)
    context.close()


def test_desktop_compare_houses(server, desktop) -> None:
    desktop.goto(server + "/compare?q=can+he+play+out+of+his+rack")
    assert desktop.locator("article.house.differs").count() >= 1
    desktop.screenshot(path=str(SHOTS / "desktop-compare.png"), full_page=True)


def test_the_lookup_works_from_the_keyboard(server, desktop) -> None:
    page = desktop
    page.goto(server + "/")
    page.keyboard.press("Tab")  # the skip link comes first
    assert page.evaluate("document.activeElement.className") == "skip"
    page.focus("#house")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "q"
    page.keyboard.type("can he play out of his rack")
    for _ in range(2):
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector(".ruling")
    assert page.locator(".verdict").inner_text() in ("ALLOWED", "NOT ALLOWED")
