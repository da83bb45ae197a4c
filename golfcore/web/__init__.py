"""``golfcore.web``: the browser front end of ``golf web`` (see ``docs/web.md``).

* :mod:`golfcore.web.store`: the database of saved tables (snapshots, action logs, seats and
  their tokens), export and import, on a :mod:`golfcore.web.database`: an SQLite file
  (:mod:`golfcore.web.dbfile`, :mod:`golfcore.web.schema`, :mod:`golfcore.web.changes`) or a
  PostgreSQL server that several processes share (:mod:`golfcore.web.postgres`,
  :mod:`golfcore.web.pgschema`, :mod:`golfcore.web.pgchanges`);
* :mod:`golfcore.web.versions`: every read's check of its table's saved version, in batches;
* :mod:`golfcore.web.stats`: the statistics, pure functions over the saved tables' records,
  and the format of the summaries they read;
* :mod:`golfcore.web.tables`: the tables being played, immutable values (the solitaire's and
  the card game's, each its own module);
* :mod:`golfcore.web.requests`: a ``new`` checked, and the table it deals;
* :mod:`golfcore.web.seats`: seats, their tokens, and the bots of computer seats;
* :mod:`golfcore.web.security`: who may use the server (Host and Origin allowlists) and the
  security headers of every response;
* :mod:`golfcore.web.limits`: the bounds on what connections, and the whole server, may take;
* :mod:`golfcore.web.serving`: uvicorn, the listening socket and TLS;
* :mod:`golfcore.web.connection`: one browser tab (its queue, seats, searches and rate);
* :mod:`golfcore.web.searches`: winnable deals and hints, in threads, bounded;
* :mod:`golfcore.web.live`: the tables in memory, who sits where, saving before advancing,
  pushes, drafts;
* :mod:`golfcore.web.computers`: the task per table that plays its computer seats;
* :mod:`golfcore.web.app`: the Starlette application, its WebSocket protocol and pushes;
* ``golfcore/web/static/``: the page itself (HTML, CSS and JavaScript modules, no build step).

Nothing is imported here: ``golf stats`` reads the database without loading the server.
"""
