"""The project's configuration, apart from the domain code: settings (configured by environment variables),
the root URL list, the WSGI and ASGI entry points, the server of `manage.py venue` and `serve` (`server.py`), and the number and
date formats of each language (`formats`). `security_headers` sets the security headers on every answer,
`log` holds the logging helpers the settings name. Nothing in the apps imports from here; it imports the apps."""
