"""The suite's pytest plugins, loaded by tests/conftest.py (``pytest_plugins``): ``isolation`` (what keeps one
test from another: language, caches, threads, files, the fast password hasher), ``selection`` (the markers
``browser``, ``server``, ``subprocess``, ``database`` and ``quick``, the check that a quick test starts no
program, the order the tests run in) and ``browser`` (Chromium through Playwright)."""
