"""SP 800-90A DRBGs: every CAVP group (local excerpts always, the full files when shared), limits, secrecy."""

from __future__ import annotations

import copy
import pickle

import pytest

from rng.cavp import CavpFormatError, load_folder, parse_rsp, run_case, run_groups
from rng.drbg import MAX_REQUEST_BYTES, CtrDrbg, DrbgInputError, DrbgStateError, HmacDrbg
from tests.rng.shared_vectors import LOCAL, shared_vectors

LOCAL_GROUPS = load_folder(LOCAL / "drbg")


def test_the_local_excerpts_cover_every_mode_and_both_mechanisms() -> None:
    sources = {g.source.split("/")[0] for g in LOCAL_GROUPS}
    names = {g.name for g in LOCAL_GROUPS}
    assert sources == {"no_reseed", "pr_false", "pr_true"}
    assert {"AES-128 use df", "AES-256 use df", "AES-256 no df", "SHA-1", "SHA-256"} <= names
    assert sum(len(g.cases) for g in LOCAL_GROUPS) == 3 * (45 + 30)


@pytest.mark.parametrize("group", LOCAL_GROUPS, ids=lambda g: g.label)
def test_local_cavp_group(group) -> None:  # type: ignore[no-untyped-def]
    assert all(run_case(group.name, case) for case in group.cases)


def test_every_shared_aes_and_hmac_group_passes() -> None:
    groups = load_folder(shared_vectors("drbg"))
    results = run_groups(groups)
    aes_hmac = [g for g in groups if g.name.startswith(("AES-", "SHA-"))]
    assert len(results) == len(aes_hmac) == 624  # 3 folders x 13 mechanisms x 16 groups
    assert [r.label for r in results if r.passed != r.total] == []
    assert sum(r.total for r in results) == 9360


def test_a_wrong_answer_is_caught() -> None:
    """The runner really compares: flip one bit of ReturnedBits and the case fails."""
    group = LOCAL_GROUPS[0]
    case = tuple((k, bytes([v[0] ^ 1]) + v[1:] if k == "ReturnedBits" else v) for k, v in group.cases[0])
    assert not run_case(group.name, case)


def test_malformed_response_file_names_the_line() -> None:
    with pytest.raises(CavpFormatError, match=r"x.rsp:3: EntropyInput is not hex"):
        parse_rsp("[SHA-1]\nCOUNT = 0\nEntropyInput = zz\n", "x.rsp")


def _ctr() -> CtrDrbg:
    drbg = CtrDrbg(256, use_df=True, reseed_interval=2)
    drbg.instantiate(bytes(range(32)), bytes(16))
    return drbg


def test_request_size_limit() -> None:
    drbg = _ctr()
    assert len(drbg.generate(MAX_REQUEST_BYTES)) == 65536
    with pytest.raises(DrbgInputError, match="65537"):
        drbg.generate(MAX_REQUEST_BYTES + 1)


def test_reseed_counter_is_enforced_and_reset_by_reseed() -> None:
    drbg = _ctr()
    drbg.generate(16)
    drbg.generate(16)
    with pytest.raises(DrbgStateError, match="reseed required"):
        drbg.generate(16)
    drbg.reseed(bytes(32))
    assert len(drbg.generate(16)) == 16


@pytest.mark.parametrize(
    ("make", "entropy", "nonce", "message"),
    [
        (lambda: CtrDrbg(256), bytes(31), bytes(16), "entropy must be 32"),
        (lambda: CtrDrbg(256), bytes(32), bytes(15), "nonce must be 16"),
        (lambda: CtrDrbg(128, use_df=False), bytes(33), b"", "entropy must be 32..32"),
        (lambda: HmacDrbg("sha256"), bytes(31), bytes(16), "entropy must be 32"),
        (lambda: HmacDrbg("sha1"), bytes(16), bytes(7), "nonce must be 8"),
    ],
)
def test_input_lengths_are_enforced(make, entropy, nonce, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(DrbgInputError, match=message):
        make().instantiate(entropy, nonce)


def test_no_df_personalization_longer_than_seedlen_is_refused() -> None:
    with pytest.raises(DrbgInputError, match=r"personalization must be 0\.\.48"):
        CtrDrbg(256, use_df=False).instantiate(bytes(48), b"", bytes(49))


def test_bad_parameters_and_uninstantiated_use() -> None:
    with pytest.raises(DrbgInputError, match="key_bits"):
        CtrDrbg(512)
    with pytest.raises(DrbgInputError, match="hash_name"):
        HmacDrbg("md5")
    with pytest.raises(DrbgInputError, match="reseed_interval"):
        CtrDrbg(reseed_interval=2**48 + 1)
    with pytest.raises(DrbgStateError, match="not instantiated"):
        HmacDrbg().generate(1)
    with pytest.raises(DrbgStateError, match="not instantiated"):
        CtrDrbg().reseed(bytes(32))


def test_large_requests_equal_the_block_by_block_definition() -> None:
    """One CTR encryption per request gives exactly what §10.2.1.5.2 does one block at a time."""
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    drbg = _ctr()
    key, v = drbg._key, drbg._v
    ecb = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    expected = b""
    for _ in range(1000):
        v = (v + 1) % 2**128
        expected += ecb.update(v.to_bytes(16, "big"))
    assert drbg.generate(16_000 - 5) == expected[: 16_000 - 5]


@pytest.mark.parametrize("drbg", [_ctr(), HmacDrbg()], ids=["ctr", "hmac"])
def test_state_never_shows(drbg) -> None:  # type: ignore[no-untyped-def]
    if not drbg.instantiated:
        drbg.instantiate(bytes(range(32)), bytes(16))
    secrets = [drbg._key.hex(), drbg._key.hex().upper()]
    secrets.append(format(drbg._v, "x") if isinstance(drbg._v, int) else drbg._v.hex())
    text = repr(drbg) + str(drbg)
    with pytest.raises(DrbgInputError) as error:
        drbg.generate(10**6)
    text += str(error.value)
    assert not any(s in text for s in secrets)
    with pytest.raises(TypeError, match="cannot be pickled"):
        pickle.dumps(drbg)
    with pytest.raises(TypeError):
        copy.deepcopy(drbg)
