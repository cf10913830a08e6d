"""`manage.py publish`: the league's public pages as a folder of files, sent to a folder or an SFTP server.

`addresses` maps a page's address to its file, `html` rewrites a page's links to relative file names,
`pages` asks the server's own views for every public page (following the links from the home page),
`assets` adds the static files (hashed names) and the sitemap, `destinations` writes to a folder or over
SFTP, `sync` sends only what changed in an order no visitor can see half-done, `status` keeps the progress
for the organizer's page, and `services` runs it all."""
