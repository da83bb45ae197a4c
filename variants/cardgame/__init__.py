"""The built-in variants of Golf, the card game, and their rule plugins."""
