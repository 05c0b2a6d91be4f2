"""The table controller: the round engine (betting window and lock, draw, settlement, recovery), its seats,
tilts and cabinet, and the controller process behind the protocol. Service mode lives in ``terminal.desk``."""
