"""Rule plugins: one rule of Golf solitaire per class, each filling one slot."""
