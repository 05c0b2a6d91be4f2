"""Pure rules of every game and wager: no I/O, no clock, no RNG. Paytables are validated data."""
