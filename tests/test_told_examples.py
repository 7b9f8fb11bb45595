"""The development sets' disputes as examples (tools/learn_examples.py): in step with the
sets' labels, real keys only, and never a held-out dispute (those measure the lookup)."""

import yaml

from engine.books.loader import load_library
from engine.books.paths import freetext_dir
from engine.freetext.knowledge import KnowledgeBase
from engine.freetext.lexicon import dispute_examples
from tools.learn_examples import DISPUTES, OUT, development_sets, rendered, told


def test_the_told_examples_are_what_the_labels_give() -> None:
    """A relabelled or added set is relearnt: `python -m tools.learn_examples`."""
    expected = rendered(told(development_sets(), load_library(houses=[]).rules))
    assert (freetext_dir() / "examples" / OUT).read_text(encoding="utf-8") == expected


def test_told_examples_are_filed_under_real_keys(kb: KnowledgeBase) -> None:
    keys = {rule.key for rule in kb.library.rules}
    assert sorted(set(dispute_examples("told")) - keys) == []


def test_no_held_out_dispute_is_an_example() -> None:
    held_out = list(DISPUTES.glob("holdout*.yaml"))
    assert held_out and not set(held_out) & set(development_sets())
    texts = {_words(d["text"]) for path in held_out for d in yaml.safe_load(path.read_text(encoding="utf-8"))}
    for kind in ("said", "terse", "told"):
        examples = {_words(text) for said in dispute_examples(kind).values() for text in said}
        assert not texts & examples, kind


def test_every_development_dispute_is_filed_under_the_rule_it_quotes() -> None:
    told_texts = {text for said in dispute_examples("told").values() for text in said}
    for path in development_sets():
        for dispute in yaml.safe_load(path.read_text(encoding="utf-8")):
            assert _words(dispute["text"]) in {_words(t) for t in told_texts}, (path.name, dispute["id"])


def _words(text: object) -> str:
    return " ".join(str(text).split()).lower()
