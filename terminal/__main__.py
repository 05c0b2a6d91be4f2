"""``python -m terminal``: the table's command line."""

from terminal.cli import main

raise SystemExit(main())
