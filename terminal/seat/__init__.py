"""The player's seat: a pygame touchscreen client of the table controller."""
