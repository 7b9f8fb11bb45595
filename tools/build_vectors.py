"""Build the cache of the sentence model's vectors for every bundled example dispute and rule
text (`make` runs it; without it the first lookup builds them). Generated, so not in git.

    python -m tools.build_vectors

From nothing it takes over a minute: the model reads some twenty-one thousand texts, 3 to 4
ms each; texts already cached are not read again.
"""

from __future__ import annotations

import time

from engine.freetext.knowledge import KnowledgeBase
from engine.freetext.vector_store import VectorStore


def main() -> None:
    kb = KnowledgeBase.load()
    model = kb.sentence_model
    if model is None:
        raise SystemExit("the sentence model is not installed: run `make` first")
    texts = kb.meaning_texts()
    start = time.perf_counter()
    store = VectorStore(model)
    missing = [text for text in texts if text not in store]
    store.vectors(missing)
    store.keep()
    seconds = time.perf_counter() - start
    print(f"{len(texts)} texts, {len(missing)} computed in {seconds:.0f} s -> {store.path}")


if __name__ == "__main__":
    main()
