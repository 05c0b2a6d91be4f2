"""Craps (§ 623a), fully automated, with Lucky Shooter, the Fire Bet and Bonus Craps."""
