"""The club's VAPID key pair for Web Push (RFC 8292), and the browsers' keys checked.

No Django: the settings read the key with it (from VAPID_PRIVATE_KEY or the file that
`manage.py make_vapid_keys` writes), before any app is loaded. Keys travel as the Push
API writes them, base64url without padding: the private key as its 32-byte number, the
public key as the 65-byte uncompressed point that `PushManager.subscribe()` takes as
`applicationServerKey` and that pywebpush signs with."""

from __future__ import annotations

import base64
import os
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


class BadKey(ValueError):
    """A key that is not a P-256 key in the form above."""


def decode(text: str) -> bytes:
    """base64url, padded or not; BadKey when it is not."""
    text = text.strip()
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError) as error:
        raise BadKey("not base64url") from error


def encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def new_private_key() -> str:
    """A new private key, as VAPID_PRIVATE_KEY holds it."""
    key = ec.generate_private_key(ec.SECP256R1())
    return encode(key.private_numbers().private_value.to_bytes(32, "big"))


def public_key_of(private_key: str) -> str:
    """The public key of `private_key`, as the browser is given it; BadKey if the
    private key is not one."""
    raw = decode(private_key)
    if len(raw) != 32:
        raise BadKey("a VAPID private key is 32 bytes, base64url")
    try:
        key = ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1())
    except ValueError as error:
        raise BadKey("not a P-256 private key") from error
    point = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return encode(point)


def check_browser_key(p256dh: str) -> bytes:
    """A browser's subscription key (`keys.p256dh`): a point of P-256, uncompressed;
    its bytes, or BadKey."""
    raw = decode(p256dh)
    if len(raw) != 65 or raw[0] != 4:
        raise BadKey("a subscription's key is an uncompressed P-256 point")
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
    except ValueError as error:
        raise BadKey("not a point of P-256") from error
    return raw


def read_key_file(path: Path) -> str:
    """The private key kept in `path`; "" when there is no such file (no push then)."""
    try:
        return path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        return ""


def write_key_file(path: Path, private_key: str) -> None:
    """Keep `private_key` in `path`, readable by its owner alone (it signs every push)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(private_key + "\n")
