"""pokerrules: poker rulebooks as data, and the rulings they give."""

__version__ = "0.1.0"
