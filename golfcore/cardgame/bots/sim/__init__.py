"""The bots' fast internals: a variant's tables as plain lists (:mod:`.tables`), boards as a
player sees them (:mod:`.boardview`), the greedy policy (:mod:`.valuation`), a round simulator
for the strong bot's playouts (:mod:`.playout`) and what an observation shows
(:mod:`.observed`).

Nothing here touches the engine's immutable states: cards are small integers (indices into
:attr:`.tables.Tables.cards`), boards are lists, and a face-down card is ``-1`` in what a player
sees. The engine plays about 14,000 actions a second; a playout here has to be much cheaper than
that.

The greedy policy is written once, for a *view* of a board (the cards a player sees on it, ``-1``
for a face-down card, valued at the mean of the unseen cards), and is used both by the greedy
bot on a real observation and by every player of a simulated round.
"""
