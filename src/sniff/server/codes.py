"""Invite codes and resume tokens.

An invite code is 8 characters of Crockford's base 32 (digits and capitals
without I, L, O and U: 40 bits), shown in two groups ("K7QD-3MXA") and read
whatever the case, with the look-alikes taken as what they look like (O as
zero, I and L as one) and hyphens and spaces ignored: easy to read out letter
by letter and hard to guess (:func:`~sniff.net.address.normal_code`). A server
of several processes gives each its own first characters (:func:`new_code`'s
*first*), and a resume token begins with its table's first character, so that
a proxy finds the process of either (:func:`~sniff.net.address.routed`). A
token is that character and 128 random bits; the server keeps only its hash,
so its data folder holds nothing that opens a seat.

>>> normal_code("OIL0-ABCD"), shown_code("K7QD3MXA")
('0110ABCD', 'K7QD-3MXA')
>>> new_code("K")[0], new_token("K")[0]
('K', 'K')
"""

from __future__ import annotations

import hashlib
import secrets

from sniff.net.address import CODE_ALPHABET, CODE_LENGTH, normal_code

__all__ = ["ALPHABET", "new_code", "new_token", "normal_code", "shown_code", "token_hash"]

ALPHABET = CODE_ALPHABET


def new_code(first: str = ALPHABET) -> str:
    """A fresh invite code (its normal form: 8 characters, no hyphen), beginning with one
    of the characters *first* (a process's own, in a server of several)."""
    rest = (secrets.choice(ALPHABET) for _ in range(CODE_LENGTH - 1))
    return secrets.choice(first) + "".join(rest)


def shown_code(code: str) -> str:
    """The code as people read it: two groups of four ("K7QD-3MXA")."""
    return f"{code[:4]}-{code[4:]}"


def new_token(route: str = "") -> str:
    """A resume token: *route* (its table's first character), then 128 random bits,
    URL-safe."""
    return route + secrets.token_urlsafe(16)


def token_hash(token: str) -> str:
    """What the server keeps of a token."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()
