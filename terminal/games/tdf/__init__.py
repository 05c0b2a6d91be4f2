"""Three Dice Football (§ 661a; GAMES.md §6.1)."""
