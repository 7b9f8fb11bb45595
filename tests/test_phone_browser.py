"""A floor supervisor's phone (375 x 812, touch) in Debian's Chromium against the production
server: the lookup one question at a time, answered in place, with the verdict focused and in
view; the honest "not understood"; compare houses, rule pages and the diff; the app offline;
contrast of borders and focus; and axe-core on every page (no serious or critical violation).
Each test saves screenshots under test-output/screenshots/ for a person to look at."""

from __future__ import annotations

# ruff: noqa: F811 - the fixtures imported from tests/browsing.py are the tests' parameters
import pytest
from playwright.sync_api import Page, expect

from tests.browsing import AXE, PHONE, SHOTS, answer_link, browser, needs_chromium, phone, server  # noqa: F401

pytestmark = needs_chromium

GIBBERISH = "asdf qwerty zxcv"


def shot(page: Page, name: str, full: bool = False) -> None:
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full)


def verdict_in_view(page: Page) -> bool:
    """The verdict heading is on the screen (not pushed below the fold, not scrolled past)."""
    box = page.locator("#verdict").bounding_box()
    return box is not None and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"]


def focused_id(page: Page) -> str:
    return page.evaluate("document.activeElement && document.activeElement.id")


def ask(page: Page, server: str, house: str, words: str) -> None:
    page.goto(server + "/")
    page.select_option("#house", house)
    page.fill("#q", words)
    page.press("#q", "Enter")
    page.wait_for_selector("#verdict")


def test_return_in_the_text_box_asks_and_focus_goes_to_the_verdict(server, phone) -> None:
    ask(
        phone,
        server,
        "catfish-bend",
        "dealer flashed seat 4's second card, just that one card, nobody had acted",
    )
    expect(phone.locator("#verdict")).to_have_text("MISDEAL")
    assert phone.locator("#q").input_value().count("\n") == 0, "Return asked, it added no line"
    assert focused_id(phone) == "verdict" and verdict_in_view(phone)
    assert phone.evaluate("document.getElementById('verdict').tagName") == "H2"
    shot(phone, "walk-1-verdict")


def test_one_question_answered_in_place_then_undone(server, phone) -> None:
    ask(phone, server, "roberts-home", "dealer dealt the turn too early")
    phone.evaluate("window.notReloaded = true")
    expect(phone.locator("#verdict")).to_have_text("Was the betting round complete?")
    assert phone.locator(".question").count() == 1 and phone.locator("a.answer").count() == 2
    expect(answer_link(phone, "No")).to_contain_text("→ CARD NOT USED")  # what the answer would rule
    shot(phone, "walk-2-question")
    answer_link(phone, "No").click()
    expect(phone.locator("#verdict")).to_have_text("CARD NOT USED")
    assert phone.evaluate("window.notReloaded === true"), "answered in place, not by reloading the page"
    assert focused_id(phone) == "verdict" and verdict_in_view(phone)
    assert "answered=betting_complete" in phone.url
    shot(phone, "walk-3-answered")
    phone.keyboard.press("Tab")
    assert phone.evaluate("document.activeElement.closest('#ruling') !== null"), "one Tab from the verdict"
    phone.get_by_role("link", name="Undo my last answer").click()
    expect(phone.locator("#verdict")).to_have_text("Was the betting round complete?")
    assert "betting_complete" not in phone.url


def test_a_game_answer_keeps_the_verdict_in_view(server, phone) -> None:
    phone.goto(server + "/?house=roberts-home&fact=event%3Dmisdeal-claim")
    expect(phone.locator("#verdict")).to_have_text("Which game is it?")
    phone.get_by_role("link", name="Texas hold'em", exact=True).click()
    expect(phone.locator("#verdict")).not_to_have_text("Which game is it?")
    assert verdict_in_view(phone) and focused_id(phone) == "verdict"
    assert not phone.locator("details.context").evaluate("details => details.open"), "the panel stays shut"
    expect(phone.locator("details.context summary")).to_contain_text("Texas hold'em")
    shot(phone, "walk-4-after-game")


def test_answers_show_words_never_ids(server, phone) -> None:
    phone.goto(server + "/?house=roberts-home&fact=event%3Dmisdeal-claim")
    labels = phone.locator("a.answer").all_inner_texts()
    assert "Texas hold'em" in labels and "Ace-to-five lowball" in labels
    assert not {"holdem", "lowball-a5", "omaha-hi-lo"} & set(labels)
    shot(phone, "phone-game-question", full=True)


@pytest.mark.parametrize("words", [GIBBERISH, ""])
def test_nothing_recognisable_is_not_understood(server, phone, words: str) -> None:
    ask(phone, server, "catfish-bend", words)
    expect(phone.locator("#verdict")).to_have_text("I could not tell what happened")
    assert focused_id(phone) == "verdict"
    phone.get_by_role("link", name="Say more about what happened").click()
    assert focused_id(phone) == "q"
    shot(phone, "phone-not-understood" + ("-empty" if not words else ""), full=True)


def test_without_javascript_an_answer_lands_on_the_verdict(server, browser) -> None:
    context = browser.new_context(viewport=PHONE, java_script_enabled=False, is_mobile=True)
    page = context.new_page()
    page.goto(server + "/?house=roberts-home&q=dealer+dealt+the+turn+too+early")
    answer_link(page, "No").click()
    page.wait_for_url("**#verdict")
    expect(page.locator("#verdict")).to_have_text("CARD NOT USED")
    assert verdict_in_view(page)
    shot(page, "phone-no-js-answered")
    context.close()


def test_a_number_read_from_the_words_is_corrected_in_its_field(server, phone) -> None:
    """The numbers a computed answer was worked out from are fields on the phone, prefilled
    with what the words said; changing the pot and tapping once works the answer out again."""
    ask(phone, server, "roberts-home", "PLO 1/2, pot is 100, A bets 50, what's the most B can raise to?")
    expect(phone.locator(".computed-value")).to_have_text("Raise to $250 at most")
    pot = phone.get_by_label("Pot before this round")
    expect(pot).to_have_value("100")
    assert pot.get_attribute("inputmode") == "decimal"
    expect(phone.locator("#from-pot")).to_have_text("from “pot is 100”")
    for field in phone.locator(".number-field").all():
        box = field.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], (
        "nothing scrolls sideways"
    )
    phone.locator("form.numbers").scroll_into_view_if_needed()
    shot(phone, "phone-number-fields")
    pot.fill("120")
    phone.get_by_role("button", name="Work it out again").click()
    expect(phone.locator(".computed-value")).to_have_text("Raise to $270 at most")  # 50 + (120 + 50 + 50)
    expect(phone.get_by_label("Pot before this round")).to_have_value("120")
    assert "num=pot%3D120" in phone.url and "q=PLO" in phone.url
    shot(phone, "phone-number-fields-corrected")


def test_without_javascript_the_number_fields_are_a_plain_form(server, browser) -> None:
    context = browser.new_context(viewport=PHONE, java_script_enabled=False, is_mobile=True)
    page = context.new_page()
    page.goto(
        server + "/?house=roberts-home&q=PLO+1%2F2%2C+pot+is+100%2C+A+bets+50%2C+most+B+can+raise+to%3F"
    )
    page.get_by_label("A's bet").fill("60")
    page.get_by_role("button", name="Work it out again").click()
    page.wait_for_url("**#verdict")
    expect(page.locator(".computed-value")).to_have_text("Raise to $280 at most")  # 60 + (100 + 60 + 60)
    assert "num=action1%3D60" in page.url
    context.close()


def test_compare_houses_on_the_phone(server, phone) -> None:
    phone.goto(server + "/compare")
    for house in ("roberts-blog", "roberts-v7", "roberts-cardroom"):
        phone.uncheck(f"input[name=houses][value={house}]")
    phone.fill("#q", "he showed his hand to his neighbour")
    phone.press("#q", "Enter")
    expect(phone.locator("article.house")).to_have_count(3)
    question = phone.locator(".question", has_text="To whom were the cards shown?")
    expect(question).to_have_count(1)
    shot(phone, "phone-compare-question", full=True)
    question.locator("a.answer").first.click()
    expect(phone.locator(".question", has_text="To whom were the cards shown?")).to_have_count(0)
    classes = phone.locator("article.house").evaluate_all("houses => houses.map(h => h.className)")
    differing = ["differs" in name for name in classes]
    assert differing == sorted(differing, reverse=True), "the houses that rule differently come first"
    shot(phone, "phone-compare-answered", full=True)


def test_a_rule_page_shows_the_phones_house_first(server, phone) -> None:
    phone.goto(server + "/?house=catfish-bend")  # chosen once: remembered on the phone
    phone.goto(server + "/rule/omaha-hi-lo.description-2")
    expect(phone.locator("article.version").first).to_have_class("version yours")
    expect(phone.locator(".yours-note")).to_contain_text("uses the Robert's Rules of Poker (cardroom wording")
    assert "house=catfish-bend" in phone.url
    title = phone.locator("h1").inner_text()
    assert "." not in title.split()[0] and " " in title, "titled in words, not by the key"
    shot(phone, "phone-rule-page")


def test_the_diff_on_a_phone_folds_sections_and_lists_situations(server, phone) -> None:
    phone.goto(server + "/diff")
    sections = phone.locator("details.diff-section")
    assert sections.count() > 3 and not sections.first.evaluate("d => d.open")
    shot(phone, "phone-diff-sections")
    phone.get_by_role("link", name="Situations ruled differently").click()
    expect(phone.locator("#verdict")).to_contain_text("situations ruled differently")
    assert phone.locator(".situation-diff").count() > 0
    shot(phone, "phone-diff-situations")


def test_offline_the_house_rulebook_glossary_and_last_rulings_still_work(server, browser) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    ruling = server + "/?house=catfish-bend&q=can+he+play+out+of+his+rack"
    page.goto(ruling)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now controlled by the service worker, which keeps what is viewed
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.wait_for_function(
        """async () => {
            const names = await caches.keys();
            for (const name of names) {
                const cache = await caches.open(name);
                if (await cache.match('/rulebook/catfish-bend')) { return true; }
            }
            return false;
        }""",
        timeout=30_000,
    )
    verdict = page.locator("#verdict").inner_text()
    context.set_offline(True)
    page.goto(server + "/rulebook/catfish-bend")
    page.fill("#find", "rack")
    shown = page.locator(".rulebook-rule:not([hidden])")
    assert 0 < shown.count() < page.locator(".rulebook-rule").count()
    shot(page, "offline-rulebook")
    page.goto(server + "/glossary")
    assert page.locator("dl.glossary dt").count() > 10
    page.goto(ruling)
    expect(page.locator("#verdict")).to_have_text(verdict)
    page.goto(server + "/?house=catfish-bend&q=dealer+exposed+a+card+on+the+flop")
    expect(page.locator("h1")).to_have_text("No connection")
    expect(page.locator(".offline-note")).to_contain_text("A new ruling needs the server")
    expect(page.locator("[data-recent-rulings] a").first).to_be_visible()
    shot(page, "offline-new-ruling", full=True)
    context.close()


def test_chromium_finds_the_app_installable(server, browser, tmp_path) -> None:
    """Chromium's own check (the manifest, its icon, a service worker controlling the page);
    a profile on disk, since Chromium installs nothing from an incognito context."""
    from tests.browsing import CHROMIUM

    context = browser.browser_type.launch_persistent_context(
        str(tmp_path), executable_path=CHROMIUM, headless=True, args=["--no-sandbox"], viewport=PHONE
    )
    page = context.new_page()
    page.goto(server + "/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    session = context.new_cdp_session(page)
    assert session.send("Page.getAppManifest")["errors"] == []
    assert session.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    context.close()


def contrast(page: Page, foreground: str, background: str) -> float:
    return page.evaluate(
        """([a, b]) => {
            const rgb = (css) => css.match(/[\\d.]+/g).slice(0, 3).map(Number);
            const lum = (c) => { const [r, g, b] = c.map(v => { v /= 255;
                return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
                return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
            const [x, y] = [lum(rgb(a)), lum(rgb(b))].sort((p, q) => q - p);
            return (x + 0.05) / (y + 0.05);
        }""",
        [foreground, background],
    )


def test_input_borders_and_the_focus_ring_keep_3_to_1(server, phone) -> None:
    phone.goto(server + "/")
    border = phone.locator("#q").evaluate("e => getComputedStyle(e).borderTopColor")
    behind = phone.locator("form.situation").evaluate("e => getComputedStyle(e).backgroundColor")
    assert contrast(phone, border, behind) >= 3
    phone.focus("#q")
    phone.keyboard.press("Shift+Tab")
    phone.keyboard.press("Tab")  # focus from the keyboard: the ring is drawn
    ring = phone.locator("#q").evaluate("e => getComputedStyle(e).outlineColor")
    assert phone.locator("#q").evaluate("e => getComputedStyle(e).outlineStyle") != "none"
    assert contrast(phone, ring, behind) >= 3 and contrast(phone, ring, "rgb(244, 245, 247)") >= 3


def test_pages_come_gzipped_and_static_files_cached(server, phone) -> None:
    response = phone.goto(server + "/?house=catfish-bend&q=can+he+play+out+of+his+rack")
    assert response.headers.get("content-encoding") == "gzip"
    css = phone.evaluate(
        "fetch(document.querySelector('link[rel=stylesheet]').href).then(r => r.headers.get('cache-control'))"
    )
    assert "immutable" in css


AXE_PAGES = [
    "/",
    "/?house=catfish-bend&q=dealer+flashed+seat+4s+second+card",
    "/?house=roberts-home&q=dealer+dealt+the+turn+too+early&fact=betting_complete%3Dno&answered=betting_complete",
    "/?house=roberts-home&fact=event%3Dmisdeal-claim",
    f"/?house=catfish-bend&q={GIBBERISH}",
    "/?house=roberts-home&q=PLO+1%2F2%2C+pot+is+100%2C+A+bets+50%2C+the+most+B+can+raise+to%3F",
    "/compare?q=he+showed+his+hand+to+his+neighbour",
    "/rule/holdem.exposed-holecard?house=catfish-bend",
    "/diff",
    "/diff?a=roberts-home&b=catfish-bend&section=holdem",
    "/diff?view=rulings",
    "/books",
    "/books/catfish-bend",
    "/glossary",
    "/rulebook/catfish-bend",
    "/offline",
]


@pytest.mark.parametrize("path", AXE_PAGES)
def test_axe_finds_no_serious_or_critical_violation(server, phone, path: str) -> None:
    phone.goto(server + path)
    phone.evaluate(AXE.read_text(encoding="utf-8"))  # injected by the test (not a script tag: the CSP)
    found = phone.evaluate("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)")
    bad = [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]
    assert not bad, bad
