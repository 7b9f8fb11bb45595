"""pokerrules: poker rulebooks as data, and the rulings they give."""

import os

# One BLAS thread per process, set before numpy loads: the engine's matrix products are
# small (one description against 20,000 vectors), and the server runs a process per core,
# whose BLAS threads would fight over the same cores (measured under load: p99 394 ms with
# them, 130 ms without). A value the user sets wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

__version__ = "0.1.0"
