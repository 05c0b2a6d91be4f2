"""``python -m rng``: the RNG module's own lab interface."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    """Parse the command line; the lab commands arrive with the RNG module."""
    parser = argparse.ArgumentParser(prog="python -m rng", description="The certified RNG module.")
    parser.parse_args(argv)
    print("python -m rng: no lab commands are built yet", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
