"""``python -m terminal``: the command line for development, checked in-process (``terminal.launch``).

Not protected against code that runs before it: a table starts through ``boot/launch.py``."""

from terminal.launch import main

raise SystemExit(main())
