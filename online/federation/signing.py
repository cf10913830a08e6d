"""Keys and signatures of the league link: Ed25519 (the `cryptography` package), the bytes signed written
canonically so the laptop and the server sign and check the same bytes.

Pure: no Django. A key is its 32 raw bytes in URL-safe base64 without padding."""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat, PublicFormat

__all__ = [
    "canonical",
    "digest",
    "is_public_key",
    "new_key",
    "public_of",
    "request_message",
    "sign",
    "verify",
]


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def new_key() -> tuple[str, str]:
    """A new key pair: (private, public)."""
    private = Ed25519PrivateKey.generate()
    raw = private.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())
    return _b64(raw), public_of(_b64(raw))


def public_of(private_key: str) -> str:
    private = Ed25519PrivateKey.from_private_bytes(_unb64(private_key))
    return _b64(private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw))


def is_public_key(text: object) -> bool:
    """Whether `text` is an Ed25519 public key as this module writes one (43 characters, 32 bytes)."""
    if not isinstance(text, str) or len(text) != 43:
        return False
    try:
        Ed25519PublicKey.from_public_bytes(_unb64(text))
    except (ValueError, TypeError):
        return False
    return True


def canonical(value: Any) -> bytes:
    """The one byte form of a JSON value: keys sorted, no spaces, UTF-8. Decimals and dates are the caller's
    to write as strings: what is signed must read back the same."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode()


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sign(private_key: str, data: bytes) -> str:
    return _b64(Ed25519PrivateKey.from_private_bytes(_unb64(private_key)).sign(data))


def verify(public_key: str, data: bytes, signature: str) -> bool:
    """True only when `signature` is the key's over exactly these bytes; a malformed key or signature is False."""
    try:
        key = Ed25519PublicKey.from_public_bytes(_unb64(public_key))
        key.verify(_unb64(signature), data)
    except (InvalidSignature, ValueError, TypeError):
        return False
    return True


def request_message(method: str, path: str, timestamp: int, body: bytes) -> bytes:
    """What a laptop signs for one request: the method, the path with its query, the time and the body's
    digest. A request replayed later than the server's window, to another path or with another body fails."""
    return f"{method.upper()}\n{path}\n{timestamp}\n{digest(body)}".encode()
