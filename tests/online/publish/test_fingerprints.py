"""What counts as the same rows when a republish asks a page's statements again, and what counts as the same
code and settings."""

from online.publish.fingerprints import Recorder, _RecordingCursor, _row_digest, code_version

ROWS = [(1, "Anna", None), (2, "Ida", 3), (2, "Ida", 3), (4, "Gustav", 1)]


def test_rows_of_a_statement_without_an_order_are_the_same_in_any_order():
    sql = "SELECT id, name, place FROM seat WHERE night_id = %s"
    assert _row_digest(sql, ROWS) == _row_digest(sql, list(reversed(ROWS)))


def test_rows_without_an_order_still_count_each_row_and_each_value():
    sql = "SELECT id, name, place FROM seat"
    assert _row_digest(sql, ROWS) != _row_digest(sql, ROWS[:-1])
    assert _row_digest(sql, ROWS) != _row_digest(sql, ROWS[1:] + [ROWS[1]])  # one row twice, another gone
    assert _row_digest(sql, ROWS) != _row_digest(
        sql, [(1, "Anna", None), (2, "Ida", 3), (2, "Ida", 4), (4, "Gustav", 1)]
    )


def test_rows_a_statement_orders_are_the_same_only_in_that_order():
    sql = 'SELECT id, name, place FROM seat ORDER BY "seat"."position" ASC'
    assert _row_digest(sql, ROWS) == _row_digest(sql, list(ROWS))
    assert _row_digest(sql, ROWS) != _row_digest(sql, list(reversed(ROWS)))


class _Cursor:
    description = None

    def execute(self, sql, params=None):
        return None


def test_a_connection_s_own_setting_is_no_write_but_a_change_of_rows_is():
    """A rendering process opens its connection during its first page; on PostgreSQL that sets how to plan the
    tracker's statements, which must not keep the page from being taken over next time."""
    recorder = Recorder()
    cursor = _RecordingCursor(_Cursor(), recorder)
    cursor.execute("SET plan_cache_mode = force_generic_plan")
    cursor.execute("SAVEPOINT s1")
    assert not recorder.spoiled
    cursor.execute('UPDATE "league_player" SET "name" = %s', ["Anna"])
    assert recorder.spoiled


def test_the_code_version_ignores_settings_no_page_shows_and_follows_those_that_change_a_page(settings, tmp_path):
    version = code_version()
    # The data folder, the keys, the login limits, the caches: never on a public page.
    settings.DATA_DIR, settings.SECRET_KEY, settings.AXES_FAILURE_LIMIT = tmp_path, "another-key", 3
    settings.CACHES = {**settings.CACHES, "hand_stats": {**settings.CACHES["hand_stats"], "LOCATION": str(tmp_path)}}
    assert code_version() == version
    for name, value in (
        ("LANGUAGE_CODE", "en"),
        ("TIME_ZONE", "UTC"),
        ("PUBLIC_URL", "https://league.example.org"),
        ("USE_THOUSAND_SEPARATOR", True),
        ("STATIC_URL", "/assets/"),
        ("DEBUG", not settings.DEBUG),
    ):
        before = getattr(settings, name)
        setattr(settings, name, value)
        assert code_version() != version, name
        setattr(settings, name, before)
    assert code_version() == version


def test_the_code_version_follows_every_template_of_the_checkout(settings, tmp_path):
    (tmp_path / "templates").mkdir()
    page = tmp_path / "templates" / "page.html"
    page.write_text("<p>{{ player.name }}</p>")
    settings.BASE_DIR = tmp_path
    version = code_version()
    assert code_version() == version
    page.write_text("<p>{{ player.name }} ({{ season.name }})</p>")
    assert code_version() != version


def test_the_code_version_follows_an_installed_library_s_release_and_a_checkout_s_egg_info(monkeypatch, tmp_path):
    library = tmp_path / "Jinja2-3.1.4.dist-info"
    library.mkdir()
    checkout = tmp_path / "league_theme.egg-info"  # no version in the name: read from its metadata
    checkout.mkdir()
    (checkout / "PKG-INFO").write_text("Metadata-Version: 2.1\nName: league-theme\nVersion: 1.0\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    version = code_version()
    assert code_version() == version
    library.rename(tmp_path / "Jinja2-3.1.5.dist-info")
    assert code_version() != version
    newer = code_version()
    (checkout / "PKG-INFO").write_text("Metadata-Version: 2.1\nName: league-theme\nVersion: 1.1\n")
    assert code_version() != newer


def _record(stamp):
    """A last run's record of one page (the home page), read by one query, with the database's stamp."""
    return {
        "stamp": stamp,
        "statements": ["SELECT 1"],
        "queries": [[0, "null", "digest"]],
        "addresses": [["de", "/", []]],
        "pages": [[0, "text/html", "sha", 10, [0], [], [], []]],
    }


def test_an_unchanged_stamp_takes_a_page_over_without_asking_its_query_and_keeps_the_record():
    from online.publish.addresses import Address
    from online.publish.fingerprints import Previous
    from online.publish.pages import Page

    home = Address("de", "/")
    previous = Previous(_record("stamp-1"), {"index.html": "sha"}, "stamp-1")
    found = previous.take_over(home)  # its query ("SELECT 1", digest "digest") would not match if asked
    assert found is not None and previous.answers.known == {}
    assert previous.same_record({home: Page("text/html", None, kept="sha")})
    assert not previous.same_record({home: Page("text/html", b"<html>")})  # rendered: a record of its own
    assert not previous.same_record({home: Page("text/html", None), Address("en", "/"): Page("text/html", None)})


def test_another_stamp_or_none_lets_the_query_decide():
    from online.publish.addresses import Address
    from online.publish.fingerprints import Previous

    for now in ("stamp-2", None):
        previous = Previous(_record("stamp-1"), {"index.html": "sha"}, now)
        previous.answers.known[("SELECT 1", "null")] = "other rows"
        assert previous.take_over(Address("de", "/")) is None
        assert not previous.same_record({})
    assert Previous(_record(None), {"index.html": "sha"}, None).unwritten is False  # no stamp is never the same
