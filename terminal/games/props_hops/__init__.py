"""Props & Hops (§ 668a, GAMES.md §6.2)."""
