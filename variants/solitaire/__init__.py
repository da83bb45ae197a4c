"""The built-in variants of Golf solitaire and their rule plugins."""
