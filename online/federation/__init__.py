"""Venues that play offline: a venue's laptop joined to the league's server, the pre-night fetch and the
nights it sends (docs/design.md, "Venues that play offline"). `auth` tells the server which joined laptop is
asking; `signing` holds the keys and signatures both sides use."""
