"""The table controller: the round engine, betting window and lock, draw, settlement, recovery, tilts."""
