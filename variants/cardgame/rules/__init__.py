"""Rule plugins: one rule of the card game per class, each filling one slot."""
