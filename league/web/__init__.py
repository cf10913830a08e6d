"""What every app's pages share: numbers and money as each language writes them, form fields that read German
and English numbers, the organizer's words for the league's rule errors, absolute links from `PUBLIC_URL`,
gzip (but not where BREACH could read a secret), spreadsheet-safe CSV, generated files as responses, requests
refused before any view, and the answer to a busy SQLite database.

Its modules include `compression` (gzip), `csv_safe`, `xlsx`, `downloads` (generated files as responses),
`public_url`, `client_address` (the client's address, from `X-Forwarded-For` only behind a trusted proxy),
`request_guard` (requests refused before any view), `rule_errors` (words for the rules' errors), `next_page`
(back to the page a form came from) and `static_site` (pages rendered for the published site)."""
