"""The pages as a floor supervisor on a phone uses them, through Flask's test client: one
question at a time in words, undo, an honest "not understood", the rule page in the
person's house, and what makes the app quick and usable offline (gzip, cached static
files, manifest, service worker, the rulebook kept on the phone)."""

from __future__ import annotations

import gzip
import html
import re

import pytest


@pytest.fixture()
def client(app):
    return app.test_client()


def text_of(response) -> str:
    return response.get_data(as_text=True)


def words_of(page: str) -> str:
    """The page as read: tags dropped, entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def verdict_of(page: str) -> str:
    found = re.search(r'<h2 class="verdict[^"]*" id="verdict"[^>]*>([^<]+)</h2>', page)
    assert found, "the verdict is a heading with id 'verdict'"
    return html.unescape(found.group(1))


def test_one_question_at_a_time_the_first_the_resolver_asks(client) -> None:
    told = {"house": "catfish-bend", "q": "a card was flashed"}
    answer = client.get("/api/ruling", query_string=told).get_json()
    assert answer["status"] == "needs-facts" and len(answer["questions"]) >= 2, "the JSON keeps them all"
    page = text_of(client.get("/", query_string=told))
    assert verdict_of(page) == answer["questions"][0]["ask"]
    for later in answer["questions"][1:]:
        assert later["ask"] not in page


def test_answers_are_in_words_never_ids(client) -> None:
    asking_game = "/?house=roberts-home&fact=event%3Dmisdeal-claim"
    page = text_of(client.get(asking_game))
    labels = re.findall(r'<a class="answer" href="[^"]+">([^<]+)</a>', page)
    assert labels, page[-3000:]
    assert "Texas hold&#39;em" in labels or "Texas hold'em" in labels
    assert not {"holdem", "lowball-a5", "omaha-hi-lo"} & set(labels)
    assert all(" " in label or label[0].isupper() for label in labels)


def test_an_answer_lands_on_the_verdict_and_can_be_undone(client) -> None:
    start = "/?house=roberts-home&q=dealer+dealt+the+turn+too+early"
    page = text_of(client.get(start))
    link = html.unescape(
        re.search(r'<a class="answer" href="([^"]+)">No<span class="leads"> → CARD NOT USED', page).group(1)
    )
    assert link.endswith("#verdict")
    answered = text_of(client.get("/" + link.split("#")[0]))
    assert verdict_of(answered) == "CARD NOT USED"
    undo = html.unescape(re.search(r'<a class="undo" href="([^"]+)">', answered).group(1))
    back = text_of(client.get("/" + undo.split("#")[0]))
    assert verdict_of(back) == verdict_of(page) and 'class="undo"' not in back


def test_a_number_answer_redirects_to_the_verdict(client) -> None:
    asked = "/?house=roberts-home&game=holdem&fact=event%3Dmisdeal-claim&fact_name=players_acted&fact_value=2"
    response = client.get(asked)
    assert response.status_code == 303 and response.headers["Location"].endswith("#verdict")


@pytest.mark.parametrize("words", ["asdf qwerty zxcv", "xyzzy plugh", "hello"])
def test_gibberish_is_not_understood_and_shows_the_nearest_rules(client, words: str) -> None:
    told = {"house": "catfish-bend", "q": words}
    assert client.get("/api/ruling", query_string=told).get_json()["understood"] is False
    page = text_of(client.get("/", query_string=told))
    assert verdict_of(page) == "I could not tell what happened"
    assert "The nearest rules" in page and 'href="#q"' in page
    assert "Which game is it?" not in page


def test_an_empty_submit_asks_for_the_words(client) -> None:
    page = text_of(client.get("/?house=catfish-bend&q=&game="))
    assert verdict_of(page) == "I could not tell what happened"
    assert "You did not say what happened" in page


def test_words_that_name_a_situation_are_understood(client) -> None:
    for words in ("can he play out of his rack", "kill pot", "misdeal", "guy left for 20 min"):
        answer = client.get("/api/ruling", query_string={"house": "catfish-bend", "q": words}).get_json()
        assert answer["understood"] is True, words


def test_the_rule_page_is_titled_in_words_with_the_house_first_and_inheritance_said(client) -> None:
    page = text_of(client.get("/rule/procedures.playing-out-of-rack?house=catfish-bend"))
    title = re.search(r"<h1>([^<]+)</h1>", page).group(1)
    assert "." in title and "procedures.playing-out-of-rack" not in title
    first = page.index('<article class="version')
    assert page.index('<article class="version yours"') == first and page.index("Your house") > first
    plain = words_of(page)
    assert "Catfish Bend Casinos II — Rules of Poker uses the" in plain or "has its own rule" in plain


def test_an_inherited_rule_says_which_text_the_house_uses(client, kb) -> None:
    own = {rule.key for rule in kb.library.rules_of("catfish-bend")}
    inherited = next(e.rule for e in kb.effective("catfish-bend") if e.rule.key not in own)
    page = words_of(text_of(client.get(f"/rule/{inherited.key}?house=catfish-bend")))
    title = kb.library.books[inherited.book].title
    assert f"Catfish Bend Casinos II — Rules of Poker uses the {title} text here" in page


def test_pages_and_static_files_are_gzipped(client) -> None:
    for path in ("/?house=catfish-bend&q=dealer+flashed+a+card", "/api/books", "/glossary"):
        response = client.get(path, headers={"Accept-Encoding": "gzip, deflate, br"})
        assert response.headers["Content-Encoding"] == "gzip", path
        assert "Accept-Encoding" in response.headers["Vary"]
        assert gzip.decompress(response.data).decode().strip()
    plain = client.get("/glossary")
    assert "Content-Encoding" not in plain.headers


def test_static_files_have_fingerprinted_urls_cached_for_a_year(client) -> None:
    page = text_of(client.get("/"))
    urls = re.findall(r'"(/static/[^"]+\?v=[0-9a-f]{10})"', page)
    assert {url.split("?")[0] for url in urls} >= {"/static/style.css", "/static/app.js"}
    for url in urls:
        response = client.get(url, headers={"Accept-Encoding": "gzip"})
        assert (
            "immutable" in response.headers["Cache-Control"]
            and "max-age=31536000" in response.headers["Cache-Control"]
        )
    stale = client.get("/static/style.css?v=0000000000")
    stale.close()
    assert stale.headers["Cache-Control"] == "no-cache"


def test_the_app_installs_manifest_and_service_worker(client) -> None:
    manifest = client.get("/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    body = manifest.get_json(force=True)
    assert body["start_url"] == "/" and body["display"] == "standalone" and body["icons"]
    worker = client.get("/sw.js")
    assert worker.mimetype == "text/javascript" and worker.headers["Cache-Control"] == "no-cache"
    script = text_of(worker)
    assert "/offline" in script and "/static/app.js?v=" in script and "/glossary" in script
    assert 'rel="manifest"' in text_of(client.get("/"))


def test_the_offline_page_says_what_needs_the_server(client) -> None:
    page = text_of(client.get("/offline"))
    assert "A new ruling needs the server" in page and "/glossary" in page


def test_the_rulebook_page_holds_every_effective_rule_and_finds_one(client, kb) -> None:
    page = html.unescape(text_of(client.get("/rulebook/catfish-bend")))
    assert page.count('class="rulebook-rule"') == len(kb.effective("catfish-bend"))
    found = html.unescape(text_of(client.get("/rulebook/catfish-bend?find=rack")))
    assert 0 < found.count('class="rulebook-rule"') < page.count('class="rulebook-rule"')
    unknown = client.get("/rulebook/nowhere")
    assert unknown.status_code == 400 and "catfish-bend" in text_of(unknown)


def test_compare_houses_answers_its_questions_for_the_houses_picked(client) -> None:
    told = {
        "q": "he showed his hand to his neighbour",
        "houses": ["catfish-bend", "roberts-home", "roberts-blog"],
    }
    page = text_of(client.get("/compare", query_string=told))
    assert page.count('<article class="house') == 3
    assert "To whom were the cards shown?" in page
    answer = html.unescape(re.findall(r'<a class="answer" href="([^"]+)"', page)[0]).split("#")[0]
    assert "houses=catfish-bend" in answer and "answered=" in answer
    again = text_of(client.get("/compare" + answer))
    assert "To whom were the cards shown?" not in again


def test_compare_houses_shows_the_houses_that_rule_differently_first(client) -> None:
    page = text_of(client.get("/compare", query_string={"q": "player flashed his cards"}))
    articles = re.findall(r'<article class="house ?(differs)?">', page)
    assert articles and articles[0] == "differs" and "" in articles
    assert articles == sorted(articles, key=lambda differs: not differs)


def test_the_diff_defaults_to_a_house_against_its_base(client, kb) -> None:
    page = words_of(text_of(client.get("/diff")))
    base = kb.library.books["catfish-bend"].extends[0]
    assert f"Catfish Bend Casinos II — Rules of Poker compared with {kb.library.books[base].title}" in page
    same = words_of(text_of(client.get("/diff?a=roberts-home&b=roberts-home")))
    assert "Choose two different books" in same


def test_the_diff_folds_sections_with_counts_one_spelling_each_titled_in_words(client) -> None:
    page = text_of(client.get("/diff?a=roberts-home&b=catfish-bend"))
    names = re.findall(r'<span class="section-name">([^<]+)</span>', page)
    keys = [re.sub(r"[^a-z0-9]", "", html.unescape(name).lower()) for name in names]
    assert len(keys) == len(set(keys)), "one spelling per section"
    assert "Hold&#39;em" in names and "HOLD&#39;EM" not in names
    assert re.search(r"\d+ changes? · <strong>\d+</strong> can change a ruling", page)
    titles = re.findall(r'<h3><a href="/rule/[^"]+">([^<]+)</a></h3>', page)
    assert titles and all(" " in title for title in titles)


@pytest.mark.parametrize("typed", ["holdem", "hold em", "Hold'em", "HOLD'EM"])
def test_the_diff_section_filter_takes_what_a_person_types(client, typed: str) -> None:
    page = text_of(
        client.get("/diff", query_string={"a": "roberts-home", "b": "catfish-bend", "section": typed})
    )
    assert re.findall(r'<span class="section-name">([^<]+)</span>', page) == ["Hold&#39;em"]


def test_the_diff_has_the_situations_ruled_differently_side_by_side_and_in_markdown(client) -> None:
    pair = {"a": "roberts-home", "b": "catfish-bend"}
    page = text_of(client.get("/diff", query_string={**pair, "view": "rulings"}))
    count = int(
        re.search(r'<h2 id="verdict" tabindex="-1">(\d+) situations ruled differently', page).group(1)
    )
    assert count > 0 and page.count('class="situation-diff"') == count
    markdown = text_of(client.get("/diff.md", query_string=pair))
    assert f"## Situations ruled differently ({count})" in markdown


def test_diff_changes_are_marked_by_more_than_colour(client) -> None:
    page = text_of(client.get("/diff?a=roberts-home&b=catfish-bend&section=holdem"))
    assert '<ins><span class="sr-only">[added: </span>' in page
    response = client.get("/static/style.css")
    css = text_of(response)
    response.close()
    assert re.search(r"ins \{[^}]*text-decoration: underline", css) and re.search(
        r"del \{[^}]*line-through", css
    )


def test_a_pdf_line_break_join_is_not_a_change_of_substance() -> None:
    from engine.books.model import Rule
    from engine.compare.diff import compare_rules

    def rule(book: str, text: str) -> Rule:
        return Rule(
            id=f"{book}/s/1",
            key="k",
            book=book,
            section="S",
            chapter="",
            section_number="",
            number="1",
            text=text,
            lines=(),
        )

    joined = rule("a", "If youcall, the bet stands.")  # the source lost a space: "youcall"
    spaced = rule("b", "If you now call, the bet stands.")
    change = compare_rules(joined, spaced)
    assert change is not None and change.substantive is False, change.reasons
    changed = rule("b", "If you call, the bet does not stand.")
    assert compare_rules(joined, changed).substantive is True


@pytest.mark.parametrize("words", ["", "asdf qwerty zxcv"])
def test_compare_houses_says_when_it_could_not_tell_what_happened(client, words: str) -> None:
    page = text_of(client.get("/compare", query_string={"q": words}))
    assert verdict_of(page) == "I could not tell what happened"
    assert '<article class="house' not in page
