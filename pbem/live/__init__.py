"""Pushed page updates (issue 27): a committed change to a game is told to every web process,
which tells the open pages that show it (pbem.web.stream); each page then fetches its parts
again as it always did, so what a reader sees is still decided per request by the selectors.

A notice carries a game's number and whether the lobby's list may have changed, nothing else.
``publish`` sends it once the writing transaction commits, ``hub`` receives it in a web
process and hands it to the streams there. Between processes: Redis pub/sub, or, with no Redis
(make run's embedded default, one web process), a datagram socket in the var directory that
the worker's and the web process's own notices reach (README, "Live pages")."""
