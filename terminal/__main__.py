"""``python -m terminal``: the table's command line, verified first (``terminal.launch``)."""

from terminal.launch import main

raise SystemExit(main())
