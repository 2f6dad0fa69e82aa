"""JSON text written fast: the interpreter's C encoder, made once.

``json.dumps`` with any option, and ``JSONEncoder.encode`` at every call, make a new
C encoder (with a dictionary of what it has seen, against cycles) before writing a
word. The server writes a few frames and a journal line for every step of every
table: :func:`json_writer` makes the encoder once. What it writes is built here,
as a tree (one nested too deep is refused by the C encoder itself).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from json import encoder as _encoder
from typing import Any

__all__ = ["json_writer"]


def json_writer(separators: tuple[str, str]) -> Callable[[Any], str]:
    """A function writing a value as ``json.dumps(value, ensure_ascii=False,
    separators=separators)`` does.

    >>> json_writer((",", ":"))({"name": "Zoë", "at": [1, None, True]})
    '{"name":"Zoë","at":[1,null,true]}'
    """
    item, key = separators
    plain = json.JSONEncoder(ensure_ascii=False, separators=separators)
    make = getattr(_encoder, "c_make_encoder", None)
    if make is None:  # (an interpreter without the C encoder)
        return plain.encode
    write = make(None, plain.default, _encoder.encode_basestring, None, key, item,
                 False, False, True)  # fmt: skip

    def text(value: Any) -> str:
        return "".join(write(value, 0))

    return text
