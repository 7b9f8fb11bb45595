"""A book is served whole or not at all; no input gets a 5xx or a stack trace; the rules
reload on SIGHUP without a request seeing half of them; slow clients stall nobody."""

from __future__ import annotations

import json
import re
import shutil
import signal
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.serving import load_served
from tests.servers import running_server

FIXTURES = Path(__file__).parent / "fixtures"
BROKEN = sorted((FIXTURES / "broken").glob("*.yaml"))
RACK = "/api/ruling?house=mini-house&fact=event=playing-out-of-rack"
SUMMARY = "summary: Playing out of a rack is allowed here."
HUNG = 60  # seconds: a generous "did not hang" bound, never a performance figure


def whole_rules(folder: Path) -> Path:
    """The mini fixture (a base and a house over it) plus mini-spare, a book on its own."""
    rules = folder / "rules"
    shutil.copytree(FIXTURES / "mini", rules)
    shutil.copytree(rules / "mini-base", rules / "mini-spare")
    for path in (rules / "mini-spare").glob("*.yaml"):
        path.write_text(path.read_text(encoding="utf-8").replace("mini-base", "mini-spare"), encoding="utf-8")
    return rules


def broken_rules(folder: Path, case: Path) -> tuple[Path, dict]:
    spec = yaml.safe_load(case.read_text(encoding="utf-8"))
    rules = whole_rules(folder)
    (rules / spec["file"]).write_text(spec["content"], encoding="utf-8")
    return rules, spec


# -- a book is served whole or not at all ------------------------------------------------


@pytest.mark.parametrize("case", BROKEN, ids=[p.stem for p in BROKEN])
def test_a_broken_book_is_quarantined_whole_and_every_whole_book_served(case: Path, tmp_path: Path) -> None:
    rules, spec = broken_rules(tmp_path, case)
    served = load_served(rules)
    book = spec["expect"]["file"].split("/")[0]
    held = served.quarantine.books
    assert book in held, held
    expect = spec["expect"]
    assert any(
        problem.file.endswith(expect["file"])
        and problem.line == expect["line"]
        and expect["message"].split(";")[0] in str(problem)  # a hint may name a key of mini-spare
        for problem in held[book]
    ), held[book]
    assert "mini-spare" in served.kb.library.books and "mini-spare" not in held
    for house in served.kb.library.books.values():  # what is served stands on whole books only
        assert not set(house.extends) & set(held)
    assert not {rule.book for rule in served.kb.library.rules} & set(held)
    if "mini-base" in held:
        assert any("extends 'mini-base', which is quarantined" in str(p) for p in held["mini-house"])


def test_a_quarantined_book_is_listed_and_refused_in_json(tmp_path: Path) -> None:
    from web import create_app

    rules, _spec = broken_rules(tmp_path, FIXTURES / "broken" / "unknown-fact.yaml")
    client = create_app(load_served(rules)).test_client()
    listing = {book["id"]: book for book in client.get("/api/books").get_json()}
    assert listing["mini-spare"]["served"] and not listing["mini-base"]["served"]
    assert any(
        "02-procedures.yaml:5: mini-base/procedures/1.when.minutes_awy:" in p
        for p in listing["mini-base"]["problems"]
    )
    refused = client.get("/api/ruling?house=mini-house&fact=event=playing-out-of-rack")
    assert refused.status_code == 400 and "not served" in refused.get_json()["error"]
    assert client.get("/api/ruling?house=mini-spare&fact=event=playing-out-of-rack").status_code == 200
    page = client.get("/books").get_data(as_text=True)
    assert "Not served" in page and "minutes_awy" in page
    assert client.get("/books/mini-base").status_code == 404


# -- the production server: reload, slow clients, the protocol's own errors --------------


def get(url: str) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(url, timeout=HUNG) as response:  # noqa: S310 - our own server
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def summary_at(base: str) -> str:
    return get(base + RACK)[1]["rulings"][0]["summary"]


def wait_until(check, what: str) -> None:
    deadline = time.monotonic() + HUNG
    while not check():
        assert time.monotonic() < deadline, f"{what} within {HUNG} s"
        time.sleep(0.2)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    """The production server on the mini rules (and mini-spare), which the tests edit."""
    folder = tmp_path_factory.mktemp("served")
    rules = whole_rules(folder)
    with running_server(folder / "stderr.log", "--path", str(rules)) as (base, process):
        yield base, process, rules, folder / "stderr.log"


def test_sighup_reloads_edited_rules_and_every_request_sees_old_or_new(server) -> None:
    base, process, rules, _log = server
    section = rules / "mini-house" / "01-house-rules.yaml"
    before, after = "Playing out of a rack is allowed here.", "Racks are fine in this house."
    assert summary_at(base) == before
    seen: list[tuple[int, str]] = []
    stop = threading.Event()

    def ask() -> None:
        while not stop.is_set():
            status, body = get(base + RACK)
            seen.append((status, body.get("rulings", [{}])[0].get("summary", "")))

    askers = [threading.Thread(target=ask) for _ in range(4)]
    for asker in askers:
        asker.start()
    section.write_text(section.read_text(encoding="utf-8").replace(before, after), encoding="utf-8")
    process.send_signal(signal.SIGHUP)
    wait_until(lambda: summary_at(base) == after, "the edit is served")
    stop.set()
    for asker in askers:
        asker.join(HUNG)
    assert seen and {status for status, _ in seen} == {200}
    assert {summary for _, summary in seen} <= {before, after}


def test_an_edit_that_breaks_a_served_book_keeps_the_last_good_version(server) -> None:
    base, process, rules, log = server
    section = rules / "mini-house" / "01-house-rules.yaml"
    good = section.read_text(encoding="utf-8")
    served_before = summary_at(base)
    section.write_text(good + "  - id: [unclosed\n", encoding="utf-8")
    process.send_signal(signal.SIGHUP)
    wait_until(lambda: "the last good version keeps serving" in log.read_text(encoding="utf-8"), "reported")
    wait_until(lambda: "edit_not_taken" in json.dumps(get(base + "/api/books")[1]), "listed")
    assert summary_at(base) == served_before
    books = {book["id"]: book for book in get(base + "/api/books")[1]}
    assert any("01-house-rules.yaml" in problem for problem in books["mini-house"]["edit_not_taken"])
    section.write_text(good, encoding="utf-8")
    process.send_signal(signal.SIGHUP)
    wait_until(lambda: "edit_not_taken" not in json.dumps(get(base + "/api/books")[1]), "the fix taken")


def test_half_open_and_slow_clients_do_not_stall_other_requests(server) -> None:
    base, _process, _rules, _log = server
    port = int(base.rsplit(":", 1)[1])
    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(50)]
    halves = [socket.create_connection(("127.0.0.1", port)) for _ in range(50)]
    for sock in halves:
        sock.sendall(b"GET /api/books HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    try:
        for _ in range(10):  # with sync workers, the first of these waited for the workers' timeout
            assert get(base + RACK)[0] == 200
        halves[0].settimeout(HUNG)
        told = halves[0].recv(1000)
        assert told.startswith(b"HTTP/1.1 408"), "a request never finished is answered, then closed"
        assert json.loads(told.partition(b"\r\n\r\n")[2])["error"]
    finally:
        for sock in idle + halves:
            sock.close()


def raw(base: str, request: bytes) -> bytes:
    port = int(base.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=HUNG) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"GET /api/books HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n",
        b"GET /api/books HTTP/9.9\r\nHost: x\r\n\r\n",
        b"\x00\xff GARBAGE\r\n\r\n",
        b"GET /api/books HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n",
        b"POST /api/ruling HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
        b"GET /api/books HTTP/1.1\r\nHost: " + b"a" * 70 + b".example\r\nConnection: close\r\n\r\n",
    ],
    ids=["header-name", "version", "garbage", "huge-header", "transfer-coding", "long-host-label"],
)
def test_requests_the_protocol_refuses_get_a_4xx_in_json_with_the_headers(
    server, request_bytes: bytes
) -> None:
    answer = raw(server[0], request_bytes)
    head, _, body = answer.partition(b"\r\n\r\n")
    status = int(head.split()[1])
    assert 400 <= status < 500, head
    assert json.loads(body)["error"]
    assert b"Content-Security-Policy:" in head and b"\r\nServer:" not in head


def test_a_description_of_2000_characters_in_any_script_is_ruled_on(server) -> None:
    words = "the dealer flashed my card 🂡 – ¿qué? 出牌 "
    text = (words * 100)[:2000]
    status, body = get(
        server[0] + "/api/ruling?" + urllib.parse.urlencode({"house": "mini-house", "q": text})
    )
    assert status == 200 and body["status"]


def test_the_redirect_and_405_name_no_host_and_what_is_allowed(server) -> None:
    answer = raw(server[0], b"GET //api//books HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
    assert b"evil.example" not in answer
    refused = raw(server[0], b"DELETE /api/books HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert refused.startswith(b"HTTP/1.1 405") and b"\r\nAllow: " in refused


def test_reload_rules_picks_up_an_edit_without_a_signal(tmp_path: Path) -> None:
    rules = whole_rules(tmp_path)
    with running_server(tmp_path / "stderr.log", "--path", str(rules), "--reload-rules") as (base, _process):
        section = rules / "mini-house" / "01-house-rules.yaml"
        section.write_text(
            section.read_text(encoding="utf-8").replace(SUMMARY, "summary: Racks are welcome."),
            encoding="utf-8",
        )
        wait_until(lambda: summary_at(base) == "Racks are welcome.", "the edit is served")


def test_the_server_fixture_fails_loudly_when_the_server_does_not_start(tmp_path: Path) -> None:
    with pytest.raises(pytest.fail.Exception, match="exited with status") as failure:
        with running_server(tmp_path / "stderr.log", "--path", str(tmp_path / "no-such-folder")):
            pass
    assert "no such folder" in str(failure.value)


# -- fuzz: any parameters, any body, any command line ------------------------------------

TEXT = st.text(st.characters(codec="utf-8"), max_size=60) | st.sampled_from(
    ["", " ", "all", "roberts-home", "catfish-bend", "holdem", "event=misdeal-claim", "card_number=nan"]
)
NAMES = st.sampled_from(
    ["house", "game", "structure", "format", "q", "fact", "answered", "a", "b", "section"]
)
PATHS = st.sampled_from(["/api/ruling", "/api/diff", "/api/books", "/", "/compare", "/diff", "/diff.md"])
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT | NAMES, inner, max_size=5),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=PATHS, query=st.lists(st.tuples(NAMES, TEXT), max_size=6))
def test_any_query_gets_an_answer_or_a_4xx_never_a_5xx(app, path: str, query: list) -> None:
    response = app.test_client().get(path, query_string=query)
    assert response.status_code < 500, (path, query, response.get_data(as_text=True)[:500])
    if path.startswith("/api"):
        body = json.loads(response.get_data())
        assert response.status_code < 400 or set(body) == {"error"}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=JSON | st.fixed_dictionaries({"house": TEXT}, optional={"facts": JSON, "q": TEXT, "game": TEXT}))
def test_any_json_body_gets_a_ruling_or_a_4xx(app, body: object) -> None:
    response = app.test_client().post("/api/ruling", json=body)
    assert response.status_code < 500, (body, response.get_data(as_text=True)[:500])
    answer = json.loads(response.get_data())
    assert response.status_code < 400 or set(answer) == {"error"}


ARGUMENTS = st.sampled_from(
    ["validate", "books", "ruling", "diff", "--house", "--fact", "--answer", "--game", "--json", "--markdown",
     "--rulings", "--situations", "--section", "--path", "--conflicts", "all", "roberts-home", "catfish-bend",
     "event=misdeal-claim", "card_number=1e999", "players_acted=two", "-h"]
)  # fmt: skip


@pytest.fixture(scope="module")
def quick_cli(kb, library):
    """The command line in this process, over the session's knowledge base and the bundled
    library's problems found once (loading and checking them is what a real run pays; the
    fuzz is about the arguments)."""
    import engine.serving
    from engine.cli import commands

    found = engine.serving.every_problem(library)
    check = engine.serving.every_problem
    load = commands.load_library
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(commands.KnowledgeBase, "load", classmethod(lambda cls, root=None, houses=None: kb))
        patch.setattr(
            commands,
            "load_library",
            lambda root=None, **more: (
                library if root is None and not any(more.values()) else load(root, **more)
            ),
        )
        patch.setattr(
            engine.serving, "every_problem", lambda lib: list(found) if lib is library else check(lib)
        )
        yield commands


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argv=st.lists(ARGUMENTS | TEXT, max_size=7))
def test_any_command_line_gets_an_exit_code_and_a_sentence(quick_cli, capsys, argv: list[str]) -> None:
    from engine.cli import main

    if any(word.startswith("se") for word in argv[:1]) or "serve" in argv:
        return  # serving is not a one-shot command
    try:
        code = main(argv)
    except SystemExit as leaving:  # argparse's usage errors, and `no such folder`
        code = leaving.code if isinstance(leaving.code, int) else 2
    said = capsys.readouterr()
    assert code in (0, 1, 2), (argv, said.err[-500:])
    assert "Traceback" not in said.err
    assert not re.search(r"pokerrules: [A-Z]\w*(Error|Exception|Warning): ", said.err), (
        said.err
    )  # main's catch-all


def test_the_cli_answers_under_an_ascii_only_locale() -> None:
    import os
    import subprocess
    import sys

    env = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": "ascii"}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine.cli",
            "ruling",
            "--house",
            "all",
            "--fact",
            "event=playing-out-of-rack",
        ],
        capture_output=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert b"\\u2260 catfish-bend" in done.stdout  # the mark of a house that differs, escaped


@pytest.mark.parametrize(
    ("gathered", "whole"),
    [
        (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", True),
        (b"GET / HTTP/1.1\r\nHost: x\r\n", False),
        (b"POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nab", False),
        (b"POST / HTTP/1.1\r\ncontent-length: 5\r\n\r\nabcde", True),
        (b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab", False),
        (b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n0\r\n\r\n", True),
        (b"POST / HTTP/1.1\r\nContent-Length: 999999999\r\n\r\n" + b"x" * 200_000, True),  # the app says 413
    ],
)
def test_a_request_goes_to_a_thread_only_when_it_is_whole(gathered: bytes, whole: bool) -> None:
    from web.worker import is_whole

    assert is_whole(gathered) is whole
