"""One resolver for every asset (fonts, string catalogues, images): it names each path it searched.

An asset reference is ``assets:<path>`` (a file under the repository's ``assets/`` folder) or
``package:<module>/<path>`` (a data file shipped inside an installed package, found without importing
the package, e.g. the DejaVu fonts of matplotlib or pygame's bundled font). ``assets/`` is searched in
``$TERMINAL_ASSETS`` (if set), beside the ``terminal`` package (the repository, for an editable install
or a checkout) and in the current folder.

>>> resolve("assets:no/such/file.json")
Traceback (most recent call last):
...
terminal.assets.AssetNotFoundError: asset 'assets:no/such/file.json' not found; searched: ...
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

_REPO = Path(__file__).resolve().parent.parent


class AssetNotFoundError(FileNotFoundError):
    """An asset that is in none of the searched places; the message lists every path tried."""


class AssetReferenceError(ValueError):
    """A reference that is neither ``assets:...`` nor ``package:...``."""


def asset_roots() -> tuple[Path, ...]:
    """The folders searched for ``assets:`` references, first match wins."""
    roots = []
    override = os.environ.get("TERMINAL_ASSETS")
    if override:
        roots.append(Path(override))
    roots += [_REPO / "assets", Path.cwd() / "assets"]
    unique: list[Path] = []
    for root in roots:
        if root not in unique:
            unique.append(root)
    return tuple(unique)


def candidates(ref: str) -> tuple[Path, ...]:
    """Every path ``ref`` may live at, in search order."""
    scheme, sep, rest = ref.partition(":")
    if not sep or not rest or rest.startswith("/") or ".." in Path(rest).parts:
        raise AssetReferenceError(
            f"asset reference {ref!r} must be 'assets:<path>' or 'package:<module>/<path>'"
        )
    if scheme == "assets":
        return tuple(root / rest for root in asset_roots())
    if scheme == "package":
        module, _, inner = rest.partition("/")
        spec = importlib.util.find_spec(module) if module.isidentifier() else None
        places = spec.submodule_search_locations if spec is not None else None
        return tuple(Path(place) / inner for place in places or ())
    raise AssetReferenceError(f"asset reference {ref!r}: unknown scheme {scheme!r} (use assets: or package:)")


def resolve(ref: str) -> Path:
    """The file ``ref`` names; :class:`AssetNotFoundError` lists every place searched."""
    tried = candidates(ref)
    for path in tried:
        if path.is_file():
            return path
    searched = ", ".join(str(p) for p in tried) or "(the package is not installed)"
    raise AssetNotFoundError(f"asset {ref!r} not found; searched: {searched}")


def resolve_first(refs: tuple[str, ...]) -> Path:
    """The first of ``refs`` that exists (fallback chains such as fonts); lists every path if none does."""
    tried: list[str] = []
    for ref in refs:
        try:
            return resolve(ref)
        except AssetNotFoundError as missing:
            tried.append(str(missing))
    raise AssetNotFoundError("; ".join(tried) or "no asset references given")


def glob(ref_dir: str, pattern: str) -> tuple[Path, ...]:
    """Files matching ``pattern`` under the first existing ``assets:`` folder ``ref_dir``."""
    for folder in candidates(ref_dir):
        if folder.is_dir():
            return tuple(sorted(folder.glob(pattern)))
    searched = ", ".join(str(p) for p in candidates(ref_dir))
    raise AssetNotFoundError(f"asset folder {ref_dir!r} not found; searched: {searched}")
