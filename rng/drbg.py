"""NIST SP 800-90A rev. 1 DRBG mechanisms (CTR_DRBG with AES, HMAC_DRBG) on the ``cryptography`` package.

This is the hazmat layer: it does exactly what the standard says and nothing more. Entropy, nonces and
reseed schedules are the caller's business (see :mod:`rng.recipes`). The standard's limits are enforced by
raising: input lengths, bytes per request, and the reseed counter.

No method, ``repr`` or error message reveals the working state (Key, V) or any seed material, and the
objects refuse to be pickled or copied, so a state cannot leak through serialization either.

>>> drbg = CtrDrbg(key_bits=256, use_df=True)
>>> drbg
CtrDrbg(key_bits=256, use_df=True, instantiated=False)
>>> drbg.instantiate(bytes(32), bytes(16))
>>> len(drbg.generate(64))
64
"""

from __future__ import annotations

from typing import NoReturn

from cryptography.hazmat.primitives import hashes, hmac
from cryptography.hazmat.primitives.ciphers import Cipher, CipherContext, algorithms, modes

MAX_REQUEST_BYTES = 1 << 16  # 2**19 bits, Table 2 and 3 of SP 800-90A
MAX_RESEED_INTERVAL = 1 << 48
MAX_INPUT_BYTES = 1 << 32  # 2**35 bits: entropy (with df), personalization and additional input
_BLOCK = 16
_DF_KEY = bytes(range(32))
_ZEROS = memoryview(bytes(MAX_REQUEST_BYTES + 64))  # plaintext for CTR keystream, sliced without copying


class DrbgInputError(ValueError):
    """An input of the wrong length or a request over the standard's limits."""


class DrbgStateError(RuntimeError):
    """The DRBG cannot serve the call: not instantiated, or the reseed counter is exhausted."""


def _check_length(name: str, data: bytes, low: int, high: int) -> None:
    if not low <= len(data) <= high:
        raise DrbgInputError(f"{name} must be {low}..{high} bytes, got {len(data)}")


class _Drbg:
    """Shared bookkeeping: instantiation, request limits and the reseed counter."""

    __slots__ = ("_counter", "_instantiated", "reseed_interval", "security_strength")

    def __init__(self, reseed_interval: int) -> None:
        self.security_strength = 0  # bits; set by the mechanism
        if not 1 <= reseed_interval <= MAX_RESEED_INTERVAL:
            raise DrbgInputError(f"reseed_interval must be 1..2**48, got {reseed_interval}")
        self.reseed_interval = reseed_interval
        self._counter = 0
        self._instantiated = False

    @property
    def instantiated(self) -> bool:
        """True once :meth:`instantiate` has run."""
        return self._instantiated

    @property
    def reseed_counter(self) -> int:
        """Generate requests since the last (re)seed, plus one, as the standard counts it."""
        return self._counter

    def _check_generate(self, n_bytes: int) -> None:
        if not self._instantiated:
            raise DrbgStateError(f"{type(self).__name__} is not instantiated")
        if not 0 <= n_bytes <= MAX_REQUEST_BYTES:
            raise DrbgInputError(f"n_bytes must be 0..{MAX_REQUEST_BYTES} per request, got {n_bytes}")
        if self._counter > self.reseed_interval:
            raise DrbgStateError("reseed required: the reseed counter has reached the reseed interval")

    def _check_seed_input(self, entropy: bytes) -> None:
        _check_length("entropy", entropy, self.security_strength // 8, MAX_INPUT_BYTES)

    def __reduce__(self) -> NoReturn:
        raise TypeError(f"{type(self).__name__} holds secret state and cannot be pickled or copied")

    def __copy__(self) -> NoReturn:
        self.__reduce__()

    def __deepcopy__(self, memo: object) -> NoReturn:
        self.__reduce__()


class CtrDrbg(_Drbg):
    """CTR_DRBG (SP 800-90A §10.2.1) with AES-128/192/256, with or without the derivation function."""

    __slots__ = ("_key", "_update_bytes", "_v", "key_bits", "seedlen", "use_df")

    def __init__(self, key_bits: int = 256, use_df: bool = True, reseed_interval: int = MAX_RESEED_INTERVAL):
        if key_bits not in (128, 192, 256):
            raise DrbgInputError(f"key_bits must be 128, 192 or 256, got {key_bits}")
        super().__init__(reseed_interval)
        self.key_bits = key_bits
        self.use_df = use_df
        self.security_strength = key_bits
        self.seedlen = key_bits // 8 + _BLOCK
        self._update_bytes = -(-self.seedlen // _BLOCK) * _BLOCK  # whole blocks of keystream per Update
        self._key = b""
        self._v = 0

    def __repr__(self) -> str:
        return f"CtrDrbg(key_bits={self.key_bits}, use_df={self.use_df}, instantiated={self._instantiated})"

    def instantiate(self, entropy: bytes, nonce: bytes, personalization: bytes = b"") -> None:
        """Seed from ``entropy`` (and ``nonce`` with df); any earlier state is discarded."""
        if self.use_df:
            self._check_seed_input(entropy)
            _check_length("nonce", nonce, self.security_strength // 16, MAX_INPUT_BYTES)
            _check_length("personalization", personalization, 0, MAX_INPUT_BYTES)
            seed = self._df(entropy + nonce + personalization)
        else:
            # Without df the entropy input must be full-entropy and exactly seedlen long (§10.2.1.3.1).
            _check_length("entropy", entropy, self.seedlen, self.seedlen)
            _check_length("personalization", personalization, 0, self.seedlen)
            seed = _xor(entropy, personalization.ljust(self.seedlen, b"\0"))
        self._key = bytes(self.key_bits // 8)
        self._v = 0
        self._update(seed)
        self._counter = 1
        self._instantiated = True

    def reseed(self, entropy: bytes, additional: bytes = b"") -> None:
        """Mix fresh ``entropy`` (and ``additional`` input) into the state; the reseed counter restarts."""
        if not self._instantiated:
            raise DrbgStateError("CtrDrbg is not instantiated")
        if self.use_df:
            self._check_seed_input(entropy)
            _check_length("additional", additional, 0, MAX_INPUT_BYTES)
            seed = self._df(entropy + additional)
        else:
            _check_length("entropy", entropy, self.seedlen, self.seedlen)
            _check_length("additional", additional, 0, self.seedlen)
            seed = _xor(entropy, additional.ljust(self.seedlen, b"\0"))
        self._update(seed)
        self._counter = 1

    def generate(self, n_bytes: int, additional: bytes = b"") -> bytes:
        """Return ``n_bytes`` (at most 65,536 per request) of output; §10.2.1.5."""
        self._check_generate(n_bytes)
        extra = self._condition_additional(additional)
        if extra is not None:
            self._update(extra)
        else:
            extra = bytes(self.seedlen)
        blocks = -(-n_bytes // _BLOCK)
        # Output blocks and the Update that follows are one run of the counter under the same key, so a
        # single CTR encryptor over zeros yields both: the returned bits, then the Update's keystream.
        encryptor = self._encryptor()
        out = encryptor.update(_ZEROS[: blocks * _BLOCK])
        self._absorb(encryptor.update(_ZEROS[: self._update_bytes]), extra)
        self._counter += 1
        return out if len(out) == n_bytes else out[:n_bytes]

    def _condition_additional(self, additional: bytes) -> bytes | None:
        if not additional:
            return None
        if self.use_df:
            _check_length("additional", additional, 0, MAX_INPUT_BYTES)
            return self._df(additional)
        _check_length("additional", additional, 0, self.seedlen)
        return additional.ljust(self.seedlen, b"\0")

    def _encryptor(self) -> CipherContext:
        """AES-CTR under Key with the 128-bit counter starting at V+1: E(Key, V+1) || E(Key, V+2) || ..."""
        start = ((self._v + 1) & ((1 << 128) - 1)).to_bytes(_BLOCK, "big")
        return Cipher(algorithms.AES(self._key), modes.CTR(start)).encryptor()

    def _update(self, provided: bytes) -> None:
        self._absorb(self._encryptor().update(_ZEROS[: self._update_bytes]), provided)

    def _absorb(self, keystream: bytes, provided: bytes) -> None:
        """The tail of CTR_DRBG_Update: XOR, then split into the new Key and V."""
        temp = _xor(keystream[: self.seedlen], provided)
        keylen = self.key_bits // 8
        self._key = temp[:keylen]
        self._v = int.from_bytes(temp[keylen:], "big")

    def _df(self, data: bytes) -> bytes:
        """Block_Cipher_df (§10.3.2) returning seedlen bytes."""
        keylen = self.key_bits // 8
        header = len(data).to_bytes(4, "big") + self.seedlen.to_bytes(4, "big")
        s = header + data + b"\x80"
        s += bytes(-len(s) % _BLOCK)
        df_key = _DF_KEY[:keylen]
        temp = b""
        i = 0
        while len(temp) < keylen + _BLOCK:
            temp += _bcc(df_key, i.to_bytes(4, "big") + bytes(_BLOCK - 4) + s)
            i += 1
        ecb = Cipher(algorithms.AES(temp[:keylen]), modes.ECB()).encryptor()
        x = temp[keylen : keylen + _BLOCK]
        out = b""
        while len(out) < self.seedlen:
            x = ecb.update(x)
            out += x
        return out[: self.seedlen]


def _bcc(key: bytes, data: bytes) -> bytes:
    """BCC (§10.3.3): CBC-MAC with a zero IV, i.e. the last block of a CBC encryption."""
    encryptor = Cipher(algorithms.AES(key), modes.CBC(bytes(_BLOCK))).encryptor()
    return encryptor.update(data)[-_BLOCK:]


def _xor(a: bytes, b: bytes) -> bytes:
    return (int.from_bytes(a, "big") ^ int.from_bytes(b, "big")).to_bytes(len(a), "big")


_HASHES: dict[str, tuple[type[hashes.HashAlgorithm], int]] = {
    "sha1": (hashes.SHA1, 128),
    "sha224": (hashes.SHA224, 192),
    "sha256": (hashes.SHA256, 256),
    "sha384": (hashes.SHA384, 256),
    "sha512": (hashes.SHA512, 256),
    "sha512_224": (hashes.SHA512_224, 192),
    "sha512_256": (hashes.SHA512_256, 256),
}  # hash -> (algorithm, highest security strength in bits; SP 800-57 part 1, table 3)

HASH_NAMES = tuple(_HASHES)


class HmacDrbg(_Drbg):
    """HMAC_DRBG (SP 800-90A §10.1.2) with SHA-1, SHA-2 and the truncated SHA-512 variants."""

    __slots__ = ("_algorithm", "_key", "_v", "hash_name")

    def __init__(self, hash_name: str = "sha256", reseed_interval: int = MAX_RESEED_INTERVAL):
        if hash_name not in _HASHES:
            raise DrbgInputError(f"hash_name must be one of {', '.join(_HASHES)}, got {hash_name!r}")
        super().__init__(reseed_interval)
        self.hash_name = hash_name
        algorithm, self.security_strength = _HASHES[hash_name]
        self._algorithm = algorithm()
        self._key = b""
        self._v = b""

    def __repr__(self) -> str:
        return f"HmacDrbg(hash_name={self.hash_name!r}, instantiated={self._instantiated})"

    def instantiate(self, entropy: bytes, nonce: bytes, personalization: bytes = b"") -> None:
        """Seed from ``entropy || nonce || personalization``; any earlier state is discarded."""
        self._check_seed_input(entropy)
        _check_length("nonce", nonce, self.security_strength // 16, MAX_INPUT_BYTES)
        _check_length("personalization", personalization, 0, MAX_INPUT_BYTES)
        size = self._algorithm.digest_size
        self._key = bytes(size)
        self._v = b"\x01" * size
        self._update(entropy + nonce + personalization)
        self._counter = 1
        self._instantiated = True

    def reseed(self, entropy: bytes, additional: bytes = b"") -> None:
        """Mix fresh ``entropy`` (and ``additional`` input) into the state; the reseed counter restarts."""
        if not self._instantiated:
            raise DrbgStateError("HmacDrbg is not instantiated")
        self._check_seed_input(entropy)
        _check_length("additional", additional, 0, MAX_INPUT_BYTES)
        self._update(entropy + additional)
        self._counter = 1

    def generate(self, n_bytes: int, additional: bytes = b"") -> bytes:
        """Return ``n_bytes`` (at most 65,536 per request) of output; §10.1.2.5."""
        self._check_generate(n_bytes)
        _check_length("additional", additional, 0, MAX_INPUT_BYTES)
        if additional:
            self._update(additional)
        out = bytearray()
        while len(out) < n_bytes:
            self._v = self._mac(self._key, self._v)
            out += self._v
        self._update(additional)
        self._counter += 1
        return bytes(out[:n_bytes])

    def _mac(self, key: bytes, data: bytes) -> bytes:
        mac = hmac.HMAC(key, self._algorithm)
        mac.update(data)
        return mac.finalize()

    def _update(self, provided: bytes) -> None:
        self._key = self._mac(self._key, self._v + b"\x00" + provided)
        self._v = self._mac(self._key, self._v)
        if provided:
            self._key = self._mac(self._key, self._v + b"\x01" + provided)
            self._v = self._mac(self._key, self._v)
