"""High Roll Dice (§ 675a; GAMES.md §6.3)."""
