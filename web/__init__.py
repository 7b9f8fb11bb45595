"""The Flask web UI and JSON API over the engine (built in a later step)."""
