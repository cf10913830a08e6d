"""Venues that play offline: a venue's laptop joined to the league's server, the pre-night fetch and the
nights it sends (docs/design.md, "Venues that play offline"). `urls` lists the server's addresses for the
laptops and the link's pages; `joining` makes and checks the one-time codes (server) and joins the laptop
(laptop); `snapshot` is the server's answer to the pre-night fetch and `fetching` the laptop writing it;
`client` is the laptop's side of the wire; `auth` tells the server which joined laptop is asking; `signing`
holds the keys and signatures both sides use. Sending a night: `bundle` writes a
finished night as one signed bundle, `sending` sends it from the laptop (resuming a cut upload) and
`send_page` is the laptop's button for it; `uploads` are the server's addresses that take it in pieces and
`receiving` checks it and writes the night in one transaction."""
