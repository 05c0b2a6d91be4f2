"""Crapless Craps (GAMES.md §6.4): craps with no craps on the come-out and the points 2 to 12.

Only what differs from craps is declared here (the points, the Place/Buy/odds paytables, Put, the
ten-point Fire Bet, Hard Rock'n Dice); the one-roll wagers, the hardway and horn paytables and the vig
arithmetic are the craps engine's own (``terminal.games.craps``).
"""
