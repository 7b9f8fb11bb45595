"""Facts stated in words found by meaning (engine.freetext.statements): the phrasings are
sound data, and a clause states a value only when it is close, clear and says "not" alike."""

import numpy as np
import pytest

from engine.books.vocabulary import FactType
from engine.freetext.lookup import lookup
from engine.freetext.statements import UNSAID, StatementIndex, clauses, phrasings


def test_every_phrased_fact_and_value_is_in_the_vocabulary(kb):
    for fact, values in phrasings().items():
        assert fact in kb.vocab.facts, f"freetext/statements: unknown fact {fact}"
        known = kb.vocab.facts[fact]
        stated = set(values) - {UNSAID}  # near misses state no value
        if known.type == FactType.BOOL:
            assert stated == {True, False}, fact
        else:
            assert known.type == FactType.ENUM and stated <= set(known.values), fact
        assert all(len(said) >= 4 for said in values.values()), f"{fact}: too few phrasings"


def test_clauses_split_sentences_and_leave_out_questions():
    units = clauses("He went for tacos, didn't tell anybody how long he'd be. Can we pick up his chips?")
    assert units == ["He went for tacos", "didn't tell anybody how long he'd be"]


def _toy_index():
    """Two-dimensional "meanings": yes-ish along x, no-ish along y."""
    vectors = {
        "he arranged it with the host": [1.0, 0.0],
        "he told the floor first": [0.9, 0.1],
        "he didn't tell anybody": [0.0, 1.0],
        "he just walked off": [0.1, 0.9],
    }

    def vectors_of(texts):
        rows = np.array([vectors[text] for text in texts])
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)

    said = {"absence_arranged": {True: list(vectors)[:2], False: list(vectors)[2:]}}
    return StatementIndex(said, vectors_of)


def _unit(x, y):
    return np.array([[x, y]]) / np.hypot(x, y)


def test_a_close_clear_clause_states_the_value():
    stated = _toy_index().stated("absence_arranged", ["didn't say a word to anyone"], _unit(0.05, 1))
    assert stated is not None and stated.value is False


def test_a_clause_between_two_values_states_neither():
    assert _toy_index().stated("absence_arranged", ["he went out"], _unit(1, 1)) is None


def test_a_clause_is_held_only_against_phrasings_that_say_not_as_it_does():
    assert (
        _toy_index().stated("absence_arranged", ["he never arranged it with the host"], _unit(1, 0.02))
        is None
    )


def test_a_clause_nearest_a_near_miss_states_nothing():
    """ "seat 5 then acted" is near "someone in between called" and says nothing of it: a
    clause nearest a fact's `unsaid` phrasings states no value."""
    vectors = {
        "someone in between called": [1.0, 0.0, 0.3],
        "the guy in between raised": [0.95, 0.05, 0.3],
        "everyone in between folded": [0.0, 1.0, 0.3],
        "only checks in between": [0.05, 0.95, 0.3],
        "seat 5 then acted": [0.7, 0.0, 0.7],
        "he acted after that": [0.68, 0.02, 0.72],
    }

    def vectors_of(texts):
        rows = np.array([vectors[text] for text in texts])
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)

    names = list(vectors)
    said = {"intervening_action": {True: names[:2], False: names[2:4], UNSAID: names[4:]}}
    index = StatementIndex(said, vectors_of)
    assert (
        index.stated("intervening_action", ["seat 5 then acted"], vectors_of(["seat 5 then acted"])) is None
    )
    called = index.stated("intervening_action", ["someone in between called"], vectors_of([names[0]]))
    assert called is not None and called.value is True


def test_an_unknown_fact_or_no_clause_states_nothing():
    index = _toy_index()
    assert index.stated("cards_exposed", ["two cards"], _unit(1, 0)) is None
    assert index.stated("absence_arranged", [], np.zeros((0, 2))) is None


def test_a_question_the_words_answer_by_meaning_is_not_asked(kb):
    if kb.sentence_model is None:
        pytest.skip("the sentence model is not installed")
    text = (
        "Showdown, two aces of hearts, one in Carl's hand and one on the board. "
        "It was news to everybody that the deck was bad. What happens to the pot?"
    )
    found = lookup(kb, "roberts-home", text)
    assert found.inferred["knew_deck_defective"] == (False, "It was news to everybody that the deck was bad")
    assert "knew_deck_defective" not in {q.fact for q in found.ruling.questions}


def test_a_later_statements_file_adds_to_a_value_never_replaces_it(tmp_path) -> None:
    (tmp_path / "a.yaml").write_text('found_in_stub:\n  true: ["it was in the stub"]\n', encoding="utf-8")
    (tmp_path / "b.yaml").write_text(
        'found_in_stub:\n  true: ["still in the deck", "it was in the stub"]\n  false: ["dealt to seat 2"]\n',
        encoding="utf-8",
    )
    said = phrasings(tmp_path)["found_in_stub"]
    assert said[True] == ["it was in the stub", "still in the deck"]
    assert said[False] == ["dealt to seat 2"]
