"""Golf, the card game for 2 to 6 players (CG-01 … CG-09)."""
