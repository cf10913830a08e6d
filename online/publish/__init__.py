"""`manage.py publish`: the league's public pages as a folder of files, sent to a folder or an SFTP server.

`addresses` maps a page's address to its file, `html` rewrites a page's links to relative file names,
`pages` asks the server's own views for every public page (following the links from the home page),
`assets` adds the static files (hashed names) and the sitemap, `destinations` opens a `folder` (built beside
and switched at once) or an `sftp` server (sent under temporary names, renamed at the end), `sitefiles` keeps
both to the site's own names, `sync` sends only what changed so that a visitor sees the old site or the new
one, `status` keeps the progress for the organizer's page, and `services` runs it all;
`fingerprints` tells which pages a republish can take over from the last run, and `database_stamp` whether
anything was written at all since then."""
