"""Invite codes and resume tokens.

An invite code is 8 characters of Crockford's base 32 (digits and capitals
without I, L, O and U: 40 bits), shown in two groups ("K7QD-3MXA") and read
whatever the case, with the look-alikes taken as what they look like (O as
zero, I and L as one) and hyphens and spaces ignored: easy to read out letter
by letter and hard to guess. A resume token is 128 random bits; the server
keeps only its hash, so its data folder holds nothing that opens a seat.

>>> normal_code("k7qd 3mxa") == normal_code("K7QD-3MXA")
True
>>> normal_code("OIL0-ABCD"), shown_code("K7QD3MXA")
('0110ABCD', 'K7QD-3MXA')
"""

from __future__ import annotations

import hashlib
import secrets

__all__ = ["ALPHABET", "new_code", "new_token", "normal_code", "shown_code", "token_hash"]

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 8
_ALIASES = str.maketrans({"O": "0", "I": "1", "L": "1"})


def new_code() -> str:
    """A fresh invite code (its normal form: 8 characters, no hyphen)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str | None:
    """The code *text* means, or None if it cannot be one."""
    cleaned = text.upper().replace("-", "").replace(" ", "").translate(_ALIASES)
    if len(cleaned) != CODE_LENGTH or any(c not in ALPHABET for c in cleaned):
        return None
    return cleaned


def shown_code(code: str) -> str:
    """The code as people read it: two groups of four ("K7QD-3MXA")."""
    return f"{code[:4]}-{code[4:]}"


def new_token() -> str:
    """A resume token: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def token_hash(token: str) -> str:
    """What the server keeps of a token."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()
