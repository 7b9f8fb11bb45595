"""The web app through Flask's test client: every route, every error, the headers."""

from __future__ import annotations

import gzip
import html
import re

import pytest


@pytest.fixture()
def client(app):
    """A test client of the session's app (conftest.py), one per test."""
    return app.test_client()


PAGES = [
    "/",
    "/?house=catfish-bend&game=holdem&q=dealer+flashed+the+2nd+card",
    "/?house=roberts-home&game=holdem&fact=event%3Dmisdeal-claim",
    "/compare?house=catfish-bend&q=can+I+play+out+of+a+rack",
    "/rule/holdem.exposed-holecard",
    "/diff",
    "/diff?a=roberts-home&b=catfish-bend&substantive=1&section=hold",
    "/books",
    "/books/homepokertourney",
    "/glossary",
]


@pytest.mark.parametrize("path", PAGES)
def test_every_page_renders(client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert b"<!doctype html>" in response.data


def test_lookup_shows_the_ruling_the_text_and_a_permalink(client) -> None:
    page = client.get("/?house=catfish-bend&fact=event%3Dplaying-out-of-rack").get_data(as_text=True)
    assert "ALLOWED" in page and "Playing out of a rack is allowed." in page
    assert "Permalink" in page and "house=catfish-bend" in page and "version" in page


def test_a_question_becomes_buttons_and_answering_rules(client) -> None:
    page = client.get("/?house=roberts-home&game=holdem&fact=event%3Dmisdeal-claim").get_data(as_text=True)
    assert "How many players had acted" in page and 'name="fact_name" value="players_acted"' in page
    answered = client.get(
        "/?house=roberts-home&game=holdem&fact=event%3Dmisdeal-claim&fact_name=players_acted&fact_value=2"
    )
    assert answered.status_code == 303
    ruled = client.get(answered.headers["Location"]).get_data(as_text=True)
    assert "NO MISDEAL" in ruled


def test_markdown_export(client) -> None:
    response = client.get("/diff.md?a=roberts-home&b=catfish-bend")
    assert response.status_code == 200 and response.mimetype == "text/markdown"
    assert response.get_data(as_text=True).startswith("# catfish-bend compared with roberts-home")


def test_api_contract(client) -> None:
    books = client.get("/api/books").get_json()
    assert {book["id"] for book in books} >= {"roberts-home", "catfish-bend", "homepokertourney"}
    ruling = client.get(
        "/api/ruling?house=catfish-bend&game=holdem&fact=event=exposed-card"
        "&fact=card=holecard&fact=card_number=2&fact=exposed_by=dealer"
    ).get_json()
    assert ruling["status"] == "ruled" and ruling["rulings"][0]["key"] == "holdem.exposed-holecard"
    text = client.get("/api/ruling?house=catfish-bend&q=can+I+play+out+of+my+rack").get_json()
    assert text["rulings"][0]["key"] == "procedures.playing-out-of-rack" and text["inferred"]
    everywhere = client.get("/api/ruling?house=all&fact=event=playing-out-of-rack").get_json()
    assert "catfish-bend" in everywhere["differ"]
    diff = client.get("/api/diff?a=roberts-home&b=catfish-bend").get_json()
    assert {"a", "b", "changes", "summary"} <= set(diff)
    spec = client.get("/api/openapi.json").get_json()
    assert {"/api/books", "/api/ruling", "/api/diff"} <= set(spec["paths"])


@pytest.mark.parametrize(
    ("path", "status", "words"),
    [
        ("/api/ruling", 400, "choose a house"),
        ("/api/ruling?house=bellagio&fact=event=straddle", 400, "books are:"),
        ("/api/ruling?house=roberts-home&game=holdum", 400, "did you mean 'holdem'"),
        ("/api/ruling?house=roberts-home&fact=players_acted=two", 400, "takes a number"),
        ("/api/ruling?house=roberts-home&fact=nonsense", 400, "KEY=VALUE"),
        ("/api/ruling?house=roberts-home&q=" + "x" * 2100, 400, "under 2000"),
        ("/api/diff?a=roberts-home", 400, "choose two books"),
        ("/api/diff?a=roberts-home&b=nowhere", 400, "books are:"),
        ("/api/nothing-here", 404, "no such page"),
    ],
)
def test_api_errors_are_json_naming_what_is_allowed(client, path: str, status: int, words: str) -> None:
    response = client.get(path)
    assert response.status_code == status
    body = response.get_json()
    assert set(body) == {"error"} and words in body["error"]


def test_html_errors_are_pages_without_a_traceback(client) -> None:
    for path in ("/books/bellagio", "/rule/no.such-rule", "/?house=roberts-home&fact=junk"):
        response = client.get(path)
        assert response.status_code in (400, 404)
        assert b"Traceback" not in response.data and b"<!doctype html>" in response.data


def test_an_unexpected_error_shows_no_stack_trace(client, monkeypatch) -> None:
    import web.api as api_module

    def broken(_library):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(api_module, "describe_books", broken)
    response = client.get("/api/books")
    assert response.status_code == 500 and b"secret internals" not in response.data
    assert response.get_json() == {
        "error": "Something went wrong on our side; the ruling could not be given."
    }


def test_text_is_escaped(client) -> None:
    query = "/?house=catfish-bend&q=%3Cscript%3Ealert(1)%3C%2Fscript%3E+flashed+card"
    page = client.get(query).get_data(as_text=True)
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;" in page


def test_security_headers_on_pages_api_and_errors(client) -> None:
    for path in ("/", "/api/books", "/nope"):
        headers = client.get(path).headers
        assert "default-src 'self'" in headers["Content-Security-Policy"]
        assert "'unsafe-inline'" not in headers["Content-Security-Policy"]
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["Referrer-Policy"] == "no-referrer"


def test_large_requests_are_refused(client) -> None:
    response = client.post("/api/ruling", data="x" * 70_000)
    assert response.status_code == 413
    assert client.get("/api/ruling?house=roberts-home&q=" + "y" * 40_000).status_code == 413


def test_no_debug_and_methods_limited(app, client) -> None:
    assert not app.debug
    assert client.post("/api/books").status_code == 405


def test_no_external_resources_anywhere() -> None:
    from pathlib import Path

    web = Path(__file__).resolve().parent.parent / "web"
    for path in [*web.glob("templates/*.html"), *web.glob("static/*")]:
        text = path.read_text(encoding="utf-8").replace('xmlns="http://www.w3.org/2000/svg"', "")
        assert "http://" not in text and "https://" not in text, path


def test_a_repeated_request_is_answered_from_the_cache(app, client) -> None:
    """The engine's answer is kept; the same request again is sent the same response whole
    (web.replay), without asking the engine, gzipped or not as the client accepts."""
    path = "/api/ruling?house=roberts-home&fact=event=playing-out-of-rack"
    ruler = app.extensions["pokerrules.rulings"]
    first = client.get(path)
    before = ruler.cache_info()
    again = client.get(path)
    assert ruler.cache_info() == before  # not asked again
    assert (again.status, again.headers, again.get_data()) == (first.status, first.headers, first.get_data())
    other = client.get(path.replace("roberts-home", "catfish-bend"))
    assert ruler.cache_info() != before and other.get_json() != first.get_json()  # asked
    asked = ruler.cache_info()
    zipped = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip" and "Content-Encoding" not in again.headers
    assert ruler.cache_info().hits == asked.hits + 1  # the engine's answer kept, sent gzipped
    assert gzip.decompress(zipped.get_data()) == first.get_data()


def test_pages_read_the_cached_answer_decoded_once(app, client) -> None:
    """Pages render the API's answer (one cached JSON body per request), decoded once and kept."""
    path = "/compare?house=all&fact=event%3Dmisdeal-claim"
    ruler, reader = app.extensions["pokerrules.rulings"], app.extensions["pokerrules.answers"]
    first = client.get(path).get_data()
    before = reader.cache_info().hits, ruler.cache_info().hits
    assert client.get(path).get_data() == first
    assert reader.cache_info().hits >= before[0] + 6 and ruler.cache_info().hits == before[1]
    one = "?house=roberts-home&fact=event%3Dmisdeal-claim"
    with app.test_request_context("/" + one):
        from flask import request

        from web.query import rule_on, situation_params

        assert rule_on(situation_params(request.args)) == client.get("/api/ruling" + one).get_json()


def test_free_text_offers_other_rules_that_may_fit(client) -> None:
    page = client.get("/?house=catfish-bend&q=guy+keeps+texting+at+the+table").get_data(as_text=True)
    assert "Not the right rule?" in page and "/rule/" in page
    answer = client.get("/api/ruling?house=catfish-bend&q=guy+keeps+texting+at+the+table").get_json()
    first = answer["candidate_rules"][0]
    assert {"key", "book", "citation", "summary"} <= set(first)


def test_the_permalink_replays_the_ruling_with_every_fact_it_used(client) -> None:
    import re
    from html import unescape

    asked = "/?house=catfish-bend&game=holdem&q=dealer+flashed+the+2nd+card"
    first = client.get(asked).get_data(as_text=True)
    link = unescape(re.search(r'Permalink: <a href="([^"]+)"', first).group(1))
    assert "fact=event%3Dexposed-card" in link and "fact=exposed_by%3Ddealer" in link
    again = client.get(link).get_data(as_text=True)
    verdict = re.compile(r'<h2 class="verdict[^"]*" id="verdict"[^>]*>([^<]+)</h2>')
    assert verdict.search(first).group(1) == verdict.search(again).group(1)


def test_a_glossary_term_asked_about_links_to_its_definition(client) -> None:
    page = client.get("/?house=catfish-bend&q=what+does+scoop+mean").get_data(as_text=True)
    assert 'href="/glossary#catfish-bend/glossary/scoop"' in page
    glossary = client.get("/glossary").get_data(as_text=True)
    assert 'id="catfish-bend/glossary/scoop"' in glossary


def test_a_question_shows_what_applies_so_far(client) -> None:
    page = client.get("/?house=catfish-bend&q=dealer+flashed+seat+4s+second+card").get_data(as_text=True)
    assert "One more question" in page
    so_far = page[page.index("Applies so far") : page.index("Not the right rule?")]
    assert "/rule/irregularity.exposed-card-no-option" in so_far


@pytest.mark.parametrize("value", ["nan", "inf", "1e309", "9" * 400])
def test_a_number_fact_that_is_not_a_number_at_a_table_is_a_400_in_json(client, value: str) -> None:
    for house in ("catfish-bend", "roberts-home"):
        response = client.get("/api/ruling", query_string={"house": house, "fact": f"card_number={value}"})
        assert response.status_code == 400
        assert "card_number" in response.get_json()["error"]


def test_a_fact_read_from_the_words_is_corrected_in_one_tap(client) -> None:
    told = {"house": "roberts-home", "q": "he went to get tacos and has been gone 25 minutes, nobody knew"}
    page = client.get("/", query_string=told).get_data(as_text=True)
    assert "Read from your words — tap to correct" in page
    links = re.findall(r'<a class="correct" href="([^"#]+)#verdict">not so: No</a>', page)
    assert links, "the yes/no fact read from 'tacos' offers its other answer"
    corrected = client.get("/" + html.unescape(links[0]))
    answer = client.get("/api/ruling" + html.unescape(links[0])).get_json()
    assert corrected.status_code == 200
    assert answer["situation"]["facts"]["away_to_eat"] is False
    assert "fact away_to_eat = False (answered)" in answer["trace"]


def test_an_all_in_nobody_mentioned_is_taken_as_none_and_shown_to_correct(client) -> None:
    told = {
        "house": "roberts-home",
        "q": "NL 2/5, seat 3 opens to $20, seat 6 makes it $30. what's the minimum reraise?",
    }
    page = client.get("/", query_string=told).get_data(as_text=True)
    read = page[page.index("Read from your words") :]
    assert "all in: <strong>No</strong>" in read and "(nobody mentioned it, so taken as no)" in read
    links = re.findall(r'<a class="correct" href="([^"#]+)#verdict">not so: Yes</a>', read)
    answer = client.get("/api/ruling" + html.unescape(links[0])).get_json()
    assert answer["situation"]["facts"]["all_in"] is True


def test_the_diff_page_shows_an_amended_number(client) -> None:
    page = client.get("/diff?a=roberts-v7&b=homepokertourney").get_data(as_text=True)
    assert "starting chips: — → 1000 chips" in page
    assert "amended by homepokertourney/buyin-rebuy-add-on/p1" in page


def test_a_rule_page_says_which_numbers_are_not_settings(client) -> None:
    page = client.get("/rule/pot-limit.small-blind-counted-as-big").get_data(as_text=True)
    assert "max open multiple: 4 times-big-blind (follows from the formula, not a setting)" in page


def test_a_large_answer_is_gzipped_for_a_client_that_accepts_it(client) -> None:
    import gzip
    import json

    path = "/api/diff?a=roberts-home&b=catfish-bend"
    plain = client.get(path)
    packed = client.get(path, headers={"Accept-Encoding": "gzip, br"})
    assert "Content-Encoding" not in plain.headers and packed.headers["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(packed.data)) == plain.get_json()
    assert len(packed.data) < len(plain.data) / 4 and "Accept-Encoding" in packed.headers["Vary"]
    small = client.get("/api/ruling", headers={"Accept-Encoding": "gzip"})  # a one-line error
    assert small.status_code == 400 and "Content-Encoding" not in small.headers


def test_a_fact_read_that_no_rule_here_turns_on_is_listed_apart(client) -> None:
    """Catfish Bend gives a player away eating longer; Robert's home game does not ask."""
    from web.answering import facts_weighed

    words = "he went to get tacos and has been gone 25 minutes"
    for house, eating_counts in (("catfish-bend", True), ("roberts-home", False)):
        page = client.get("/", query_string={"house": house, "q": words}).get_data(as_text=True)
        start = page.index("Read from your words")
        used, _, unused = page[start : page.index("</details>", start)].partition("no rule here turns on it")
        assert "minutes away: <strong>25" in used
        assert ("away to eat: <strong>Yes" in used) is eating_counts
        assert ("away to eat: <strong>Yes" in unused) is not eating_counts
        answer = client.get("/api/ruling", query_string={"house": house, "q": words}).get_json()
        with client.application.app_context():
            assert ("away_to_eat" in facts_weighed(answer)) is eating_counts
