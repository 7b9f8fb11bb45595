"""Rewrite schema/vectors.npz: the sentence model's vector for every bundled example dispute
and rule text (run after changing them; a test says when it is due).

    python -m tools.build_vectors

Takes over a minute: the model reads some twenty-one thousand texts, 3 to 4 ms each.
"""

from __future__ import annotations

import time

from engine.knowledge import KnowledgeBase
from engine.vector_store import save, store_path


def main() -> None:
    kb = KnowledgeBase.load()
    model = kb.sentence_model
    if model is None:
        raise SystemExit("the sentence model is not installed: run `make` first")
    texts = kb.meaning_texts()
    start = time.perf_counter()
    vectors = model.encode(texts)
    save(texts, vectors, store_path())
    print(f"{len(texts)} texts in {time.perf_counter() - start:.0f} s -> {store_path()}")


if __name__ == "__main__":
    main()
