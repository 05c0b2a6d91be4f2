"""Exact odds and house edge of every wager, in rational arithmetic: the lab's PAR sheet."""
