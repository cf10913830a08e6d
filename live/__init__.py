"""The night's screens as it happens: the TV on the pub's wall (`tv`) and the rail on players' phones (`rail`),
kept current by server-sent events or polling. `versions` says cheaply whether anything changed, `mark`
whether anything was written at all, `events` streams the changes with one watcher per process, and `cache`
shares each rendering between the server's processes; `eliminations` orders who went out. It reads the night's play and the season's standings
and writes nothing."""
