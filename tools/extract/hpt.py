"""Segmenter stub."""


def segment(document):
    return {}
