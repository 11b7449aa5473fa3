"""Signatures on game records: Ed25519 with a key pair, or HMAC-SHA256 with a shared secret.

A record's hash (``gamenight.record``) catches an accidental change, but whoever changes
a record on purpose can compute the new hash too.  A signature needs a key the forger does
not hold:

* **Ed25519** (through the ``cryptography`` package): the writer signs with a private key;
  anyone with the public key can check, and nobody without the private key can sign.
  This is what a server uses: it keeps the private key and publishes the public one.
* **HMAC-SHA256**: writer and checker share one secret; whoever holds it can both sign
  and check.  For a club's own machines, where handing out a public key buys nothing.

Key files (``gamenight keygen DIR`` writes them):

* ``record-signing.key``: an Ed25519 private key, PEM (PKCS #8, unencrypted), mode 0600;
* ``record-signing.pub``: its public key, PEM (SubjectPublicKeyInfo), to give away;
* ``record-secret.key`` (``--shared``): 32 random bytes as 64 hex digits, mode 0600.

A file that begins with ``-----BEGIN`` is read as an Ed25519 key (a private key also
checks, through its public half); any other file is a shared secret: its bytes, with the
white space around them stripped, at least 32 of them.  The kind of key is decided by the
file the person gives, never by the record, so a record cannot ask to be checked by HMAC
with a public key as the "secret".

In a record, a signature is ``{"scheme": "ed25519" | "hmac-sha256", "key": KEY-ID,
"value": BASE64}``; the message signed is the record's canonical form (see
``gamenight.record.canonical``), and ``KEY-ID`` names the key so that a checker holding the
wrong one is told so.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from gamenight.files import FileRefusedError, read_regular_file

ED25519 = "ed25519"
HMAC_SHA256 = "hmac-sha256"
SCHEMES = (ED25519, HMAC_SHA256)
#: A key file is a few hundred bytes; anything far larger is not one.
KEY_FILE_LIMIT = 64 * 1024
#: Shorter shared secrets could be guessed; 32 bytes is HMAC-SHA256's own block of strength.
MIN_SECRET_BYTES = 32
PRIVATE_KEY_FILE = "record-signing.key"
PUBLIC_KEY_FILE = "record-signing.pub"
SHARED_SECRET_FILE = "record-secret.key"


class KeyFileError(ValueError):
    """A key file that cannot be read or is not a key of a kind gamenight signs with."""


class SignatureError(ValueError):
    """A signature that is missing, malformed, made with another key or not valid."""


@dataclass(frozen=True, slots=True)
class SharedSecret:
    """An HMAC-SHA256 key that signer and checker both hold."""

    secret: bytes = field(repr=False)


SigningKey = Ed25519PrivateKey | SharedSecret
VerifyKey = Ed25519PublicKey | SharedSecret


def key_id(key: SigningKey | VerifyKey) -> str:
    """A short name of the key, kept beside a signature: the first 16 hex digits of the
    SHA-256 of the Ed25519 public key's 32 bytes, or of the shared secret (behind a label,
    so that the name is not the hash an HMAC of the secret would start from)."""
    if isinstance(key, SharedSecret):
        material = b"gamenight shared secret\0" + key.secret
    else:
        public = key.public_key() if isinstance(key, Ed25519PrivateKey) else key
        material = public.public_bytes(serialization.Encoding.Raw,
                                       serialization.PublicFormat.Raw)
    return hashlib.sha256(material).hexdigest()[:16]


def scheme_of(key: SigningKey | VerifyKey) -> str:
    return HMAC_SHA256 if isinstance(key, SharedSecret) else ED25519


def sign(message: bytes, key: SigningKey) -> dict[str, str]:
    """The signature of ``message`` as a record carries it."""
    if isinstance(key, SharedSecret):
        value = hmac.new(key.secret, message, hashlib.sha256).digest()
    else:
        value = key.sign(message)
    return {"scheme": scheme_of(key), "key": key_id(key),
            "value": base64.b64encode(value).decode("ascii")}


def verify(message: bytes, signature: Mapping[str, Any], key: VerifyKey) -> None:
    """Check ``signature`` of ``message`` with ``key``; SignatureError saying why not."""
    scheme, named, value = (signature.get(k) for k in ("scheme", "key", "value"))
    if not all(isinstance(v, str) for v in (scheme, named, value)):
        raise SignatureError("the signature is not of the form {scheme, key, value}")
    expected = scheme_of(key)
    if scheme != expected:
        given = "a shared secret" if expected == HMAC_SHA256 else "an Ed25519 key"
        raise SignatureError(f"the record is signed with {scheme!r}, but the key given is "
                             f"{given} ({expected})")
    if named != key_id(key):
        raise SignatureError(f"the record was signed with key {named}, not with the key "
                             f"given ({key_id(key)})")
    try:
        raw = base64.b64decode(str(value), validate=True)
    except (binascii.Error, ValueError):
        raise SignatureError("the signature's value is not base64") from None
    if isinstance(key, SharedSecret):
        good = hmac.compare_digest(raw, hmac.new(key.secret, message, hashlib.sha256).digest())
    else:
        try:
            key.verify(raw, message)
            good = True
        except InvalidSignature:
            good = False
    if not good:
        raise SignatureError("the signature does not match the record: it was changed "
                             "after it was signed, or signed by someone else")


# -- key files --------------------------------------------------------------------------

def _key_bytes(path: str | Path) -> bytes:
    try:
        return read_regular_file(path, KEY_FILE_LIMIT)
    except FileRefusedError as exc:
        raise KeyFileError(f"cannot read the key file {path}: {exc}") from None


def _is_pem(data: bytes) -> bool:
    return data.lstrip().startswith(b"-----BEGIN")


def _shared_secret(data: bytes, path: str | Path) -> SharedSecret:
    secret = data.strip()
    if len(secret) < MIN_SECRET_BYTES:
        raise KeyFileError(f"{path} is neither an Ed25519 PEM key nor a shared secret of at "
                           f"least {MIN_SECRET_BYTES} bytes")
    return SharedSecret(secret)


def parse_signing_key(data: bytes, path: str | Path = "the key") -> SigningKey:
    """An Ed25519 private key (PEM) or, for any other content, a shared secret."""
    if not _is_pem(data):
        return _shared_secret(data, path)
    try:
        key = serialization.load_pem_private_key(data, password=None)
    except (ValueError, TypeError, UnsupportedAlgorithm) as exc:
        raise KeyFileError(f"{path} is not an unencrypted PEM private key: {exc}") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise KeyFileError(f"{path} is a private key, but not an Ed25519 one")
    return key


def parse_verify_key(data: bytes, path: str | Path = "the key") -> VerifyKey:
    """An Ed25519 public key (or private key, through its public half) in PEM or, for
    any other content, a shared secret."""
    if not _is_pem(data):
        return _shared_secret(data, path)
    if b"PRIVATE KEY" in data:
        private = parse_signing_key(data, path)
        assert isinstance(private, Ed25519PrivateKey)
        return private.public_key()
    try:
        key = serialization.load_pem_public_key(data)
    except (ValueError, UnsupportedAlgorithm) as exc:
        raise KeyFileError(f"{path} is not a PEM public key: {exc}") from None
    if not isinstance(key, Ed25519PublicKey):
        raise KeyFileError(f"{path} is a public key, but not an Ed25519 one")
    return key


def read_signing_key(path: str | Path) -> SigningKey:
    return parse_signing_key(_key_bytes(path), path)


def read_verify_key(path: str | Path) -> VerifyKey:
    return parse_verify_key(_key_bytes(path), path)


def _write_new(path: Path, data: bytes, mode: int) -> None:
    """Write a file that must not exist yet (a key is never overwritten by accident)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    with os.fdopen(fd, "wb") as out:
        out.write(data)


def generate_key_pair(directory: str | Path) -> tuple[Path, Path]:
    """A new Ed25519 key pair in ``directory`` (made if need be): the private key file
    (mode 0600) and the public key file.  FileExistsError rather than overwrite a key."""
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    private, public = folder / PRIVATE_KEY_FILE, folder / PUBLIC_KEY_FILE
    for path in (private, public):
        if path.exists():
            raise FileExistsError(f"{path} exists already: keys are never overwritten")
    key = Ed25519PrivateKey.generate()
    _write_new(private, key.private_bytes(serialization.Encoding.PEM,
                                          serialization.PrivateFormat.PKCS8,
                                          serialization.NoEncryption()), 0o600)
    _write_new(public, key.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo), 0o644)
    return private, public


def generate_shared_secret(directory: str | Path) -> Path:
    """A new shared secret (32 random bytes as hex) in ``directory``, mode 0600."""
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / SHARED_SECRET_FILE
    if path.exists():
        raise FileExistsError(f"{path} exists already: keys are never overwritten")
    _write_new(path, (secrets.token_hex(MIN_SECRET_BYTES) + "\n").encode("ascii"), 0o600)
    return path
