"""Display tests render headless: pyglet's headless option is decided in terminal.display.gl from this."""

import os

os.environ["TERMINAL_DISPLAY_HEADLESS"] = "1"
