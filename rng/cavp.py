"""The one loader and runner for NIST CAVP DRBG response files (``CTR_DRBG.rsp``, ``HMAC_DRBG.rsp``).

A response file is a list of groups; a group is a bracketed header naming the mechanism
(``[AES-256 use df]``, ``[SHA-256]``) and its lengths, then cases of ``Name = hex`` lines. The call
sequence follows NIST's Readme: instantiate, then two generates whose second output is ``ReturnedBits``;
``EntropyInputReseed`` means a reseed first (``pr_false``), ``EntropyInputPR`` means prediction
resistance, i.e. a reseed with fresh entropy and the additional input before each generate (``pr_true``).

>>> text = '''[SHA-1]
... [ReturnedBitsLen = 640]
...
... COUNT = 0
... EntropyInput = 00
... '''
>>> [(g.name, g.params["ReturnedBitsLen"], len(g.cases)) for g in parse_rsp(text)]
[('SHA-1', '640', 1)]
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rng.drbg import CtrDrbg, HmacDrbg

Case = tuple[tuple[str, bytes], ...]  # fields in file order: AdditionalInput appears more than once


@dataclass(frozen=True, slots=True)
class Group:
    """One bracketed group of a response file."""

    source: str  # file the group came from, e.g. "pr_true/CTR_DRBG.rsp"
    name: str  # the mechanism line, e.g. "AES-256 use df"
    params: dict[str, str]
    cases: tuple[Case, ...]

    @property
    def label(self) -> str:
        """``pr_true/CTR_DRBG.rsp [AES-256 use df] add=256 pers=0``: unique within a folder tree."""
        add = self.params.get("AdditionalInputLen", "?")
        pers = self.params.get("PersonalizationStringLen", "?")
        return f"{self.source} [{self.name}] pers={pers} add={add}"


@dataclass(frozen=True, slots=True)
class GroupResult:
    """How many cases of a group reproduced ``ReturnedBits`` exactly."""

    label: str
    passed: int
    total: int


class CavpFormatError(ValueError):
    """A response file line that is neither a header, a comment nor ``Name = hex``."""


def parse_rsp(text: str, source: str = "<text>") -> list[Group]:
    """Split a response file into groups of cases; values are decoded from hex."""
    groups: list[Group] = []
    name, params, cases, case = "", {}, [], []  # type: tuple[str, dict[str, str], list[Case], list[tuple[str, bytes]]]

    def close_case() -> None:
        if case:
            cases.append(tuple(case))
            case.clear()

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("[") and line.endswith("]"):
            close_case()
            if cases:  # a header after cases starts the next group
                groups.append(Group(source, name, dict(params), tuple(cases)))
                name, cases = "", []
                params.clear()
            key, eq, value = line[1:-1].partition("=")
            if eq:
                params[key.strip()] = value.strip()
            else:
                name = key.strip()
        elif line.startswith("COUNT"):
            close_case()
        elif line and not line.startswith("#"):
            case.append(_field(line, source, number))
    close_case()
    if cases:
        groups.append(Group(source, name, dict(params), tuple(cases)))
    return groups


def _field(line: str, source: str, number: int) -> tuple[str, bytes]:
    key, eq, value = line.partition("=")
    if not eq:
        raise CavpFormatError(f"{source}:{number}: expected 'Name = hex', got {line[:40]!r}")
    try:
        return key.strip(), bytes.fromhex(value.strip())
    except ValueError:
        raise CavpFormatError(f"{source}:{number}: {key.strip()} is not hex") from None


def mechanism(name: str) -> CtrDrbg | HmacDrbg | None:
    """A fresh DRBG for a group name, or None for mechanisms this module does not implement (TDEA)."""
    if name.startswith("AES-"):
        bits, _, df = name[4:].partition(" ")
        return CtrDrbg(key_bits=int(bits), use_df=df == "use df")
    if name.startswith("SHA-"):
        hash_name = "sha" + name[4:].replace("/", "_")
        return HmacDrbg(hash_name=hash_name)
    return None


def run_case(name: str, case: Case) -> bool:
    """Replay one case through a fresh DRBG; True when the second output equals ``ReturnedBits``."""
    drbg = mechanism(name)
    if drbg is None:
        raise CavpFormatError(f"unsupported mechanism {name!r}")
    fields = dict(case)
    additional = [value for key, value in case if key == "AdditionalInput"]
    prediction = [value for key, value in case if key == "EntropyInputPR"]
    expected = fields["ReturnedBits"]
    drbg.instantiate(
        fields["EntropyInput"], fields.get("Nonce", b""), fields.get("PersonalizationString", b"")
    )
    if "EntropyInputReseed" in fields:
        drbg.reseed(fields["EntropyInputReseed"], fields.get("AdditionalInputReseed", b""))
    output = b""
    for call in range(2):
        extra = additional[call] if call < len(additional) else b""
        if prediction:
            # Prediction resistance: reseed with fresh entropy and the additional input, then generate
            # with no additional input (SP 800-90A §9.3.1 step 7).
            drbg.reseed(prediction[call], extra)
            extra = b""
        output = drbg.generate(len(expected), extra)
    return output == expected


def run_groups(groups: list[Group]) -> list[GroupResult]:
    """Run every case of every supported group; unsupported mechanisms (TDEA) are left out."""
    results = []
    for group in groups:
        if mechanism(group.name) is None:
            continue
        passed = sum(run_case(group.name, case) for case in group.cases)
        results.append(GroupResult(group.label, passed, len(group.cases)))
    return results


def load_folder(folder: Path) -> list[Group]:
    """Every group of the ``CTR_DRBG.rsp`` and ``HMAC_DRBG.rsp`` files under ``folder``."""
    groups: list[Group] = []
    for path in sorted(folder.rglob("*.rsp")):
        if path.name in ("CTR_DRBG.rsp", "HMAC_DRBG.rsp"):
            source = str(path.relative_to(folder))
            groups.extend(parse_rsp(path.read_text(encoding="ascii"), source))
    return groups
