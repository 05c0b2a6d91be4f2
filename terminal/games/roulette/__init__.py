"""Roulette (§ 617a) with Touchdown Roulette (§ 617a.3(f)): wheels, layout, rules and side wager."""
