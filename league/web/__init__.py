"""What every app's pages share: numbers and money as each language writes them, form fields that read German
and English numbers, the organizer's words for the league's rule errors, absolute links from `PUBLIC_URL`,
gzip (but not where BREACH could read a secret), spreadsheet-safe CSV, generated files as responses, requests
refused before any view, and the answer to a busy SQLite database."""
