"""Long runs shared by ``golf survey`` (the solitaire) and ``golf tournament`` (the card game).

* :mod:`~golfcore.runs.jsonl`: results files of one JSON object a line, appended as results
  come, repaired and resumed after a stop;
* :mod:`~golfcore.runs.pool`: the pool of worker processes (workers die with their parent);
* :mod:`~golfcore.runs.cluster`: the same work on a Dask cluster (``--scheduler``; what
  happens to the work when a worker or the caller dies);
* :mod:`~golfcore.runs.progress`: the progress bar on stderr;
* :mod:`~golfcore.runs.stats`: intervals (Wilson, Student's t) and percentiles;
* :mod:`~golfcore.runs.svg`: the frame of the SVG charts.
"""
