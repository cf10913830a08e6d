"""Each night's stamps: random numbers the database itself replaces whenever a row a season's table or awards are
computed from changes (triggers made by results/migrations/0001_night_stamps.py).

`results.kept.season_cache` derives a season's key from them in one cheap query (the sums over the season's nights)
instead of scanning every placement, seat and entry of the season on every view: at 120,000 placements the
scan alone took 150 ms. The database keeps them, so nothing in the app has to remember to invalidate anything,
whatever writes the rows: a view, a command, `QuerySet.update()`, raw SQL, a restore.

- "results": the night's placements, their corrections, seats (who sits where), entries (who played), tables
  (which night, which number), the night itself (season, date, venue, final), and the names of its players;
- "play": the night's hands and actions and its tables' status and finish, behind the hand figures of the
  awards. A tap at a live table renews "play" only, so the table stays kept while the awards are computed again.

Each stamp is two numbers below 2**31, drawn afresh at every change: the sums over a season change with any
change of any night (two draws adding to the same sums is a chance of about 1 in 2**62), and a transaction rolled
back takes its draws with it, so no later change can hit a value a cache was filled under.

The triggers run at once, inside the writing transaction (a key read later in the same transaction sees the
change). On PostgreSQL the writer then holds the night's stamp row until it commits: two transactions writing
rows of the same night take turns at that moment, as they do on SQLite for the whole file. A tap's or a
result's transaction is a few milliseconds.
"""

from __future__ import annotations

TABLE = "results_nightstamp"

# Where each source finds its night: (source table, expression for the night's id from a row alias `{row}`).
_NIGHT_OF = {
    "league_night": "{row}.id",
    "league_entry": "{row}.night_id",
    "tournaments_table": "{row}.night_id",
    "tournaments_seat": "(SELECT t.night_id FROM tournaments_table t WHERE t.id = {row}.table_id)",
    "tournaments_placement": "(SELECT t.night_id FROM tournaments_table t WHERE t.id = {row}.table_id)",
    "tournaments_placementcorrection": (
        "(SELECT t.night_id FROM tournaments_placement p JOIN tournaments_table t ON t.id = p.table_id"
        " WHERE p.id = {row}.placement_id)"
    ),
    "tournaments_hand": "(SELECT t.night_id FROM tournaments_table t WHERE t.id = {row}.table_id)",
    "tournaments_action": (
        "(SELECT t.night_id FROM tournaments_hand h JOIN tournaments_table t ON t.id = h.table_id"
        " WHERE h.id = {row}.hand_id)"
    ),
}

# (name, source table, kind, events, condition on an update or None): an update's condition names the columns the
# existing key covered, so saving a row for another reason (a seat sitting out, a table's tracker revision, an
# entry paid) does not renew what is kept.
TRIGGERS = [
    ("night_ins", "league_night", "results", "INSERT", None),
    ("night_upd", "league_night", "results", "UPDATE", None),
    ("entry_ins", "league_entry", "results", "INSERT", None),
    ("entry_del", "league_entry", "results", "DELETE", None),
    (
        "entry_upd",
        "league_entry",
        "results",
        "UPDATE",
        "OLD.player_id <> NEW.player_id OR OLD.night_id <> NEW.night_id",
    ),
    ("table_ins", "tournaments_table", "results", "INSERT", None),
    ("table_del", "tournaments_table", "results", "DELETE", None),
    ("table_upd", "tournaments_table", "results", "UPDATE", "OLD.night_id <> NEW.night_id OR OLD.number <> NEW.number"),
    (
        "table_play",
        "tournaments_table",
        "play",
        "UPDATE",
        "OLD.status <> NEW.status OR {distinct_finished}",
    ),
    ("seat_ins", "tournaments_seat", "results", "INSERT", None),
    ("seat_del", "tournaments_seat", "results", "DELETE", None),
    (
        "seat_upd",
        "tournaments_seat",
        "results",
        "UPDATE",
        "OLD.entry_id <> NEW.entry_id OR OLD.table_id <> NEW.table_id",
    ),
    ("placement_ins", "tournaments_placement", "results", "INSERT", None),
    ("placement_del", "tournaments_placement", "results", "DELETE", None),
    ("placement_upd", "tournaments_placement", "results", "UPDATE", None),
    ("correction_ins", "tournaments_placementcorrection", "results", "INSERT", None),
    ("correction_del", "tournaments_placementcorrection", "results", "DELETE", None),
    ("correction_upd", "tournaments_placementcorrection", "results", "UPDATE", None),
    ("hand_ins", "tournaments_hand", "play", "INSERT", None),
    ("hand_del", "tournaments_hand", "play", "DELETE", None),
    ("hand_upd", "tournaments_hand", "play", "UPDATE", None),
    ("action_ins", "tournaments_action", "play", "INSERT", None),
    ("action_del", "tournaments_action", "play", "DELETE", None),
    ("action_upd", "tournaments_action", "play", "UPDATE", None),
]


def _random(vendor: str) -> str:
    return "(random() & 2147483647)" if vendor == "sqlite" else "floor(random() * 2147483648)::bigint"


def _touch(vendor: str, kind: str, nights: str) -> str:
    """The statement that draws new `kind` numbers for the nights `nights` (an SQL list or subquery)."""
    r = _random(vendor)
    return (
        f"INSERT INTO {TABLE} (night_id, season_id, results_a, results_b, play_a, play_b)"
        f" SELECT n.id, n.season_id, {r}, {r}, {r}, {r} FROM league_night n WHERE n.id IN ({nights})"
        f" ON CONFLICT (night_id) DO UPDATE SET season_id = excluded.season_id,"
        f" {kind}_a = excluded.{kind}_a, {kind}_b = excluded.{kind}_b"
    )


def _statements(vendor: str, source: str, kind: str, event: str) -> list[str]:
    night_of = _NIGHT_OF[source]
    rows = {"INSERT": ["NEW"], "DELETE": ["OLD"], "UPDATE": ["OLD", "NEW"]}[event]
    if source == "league_night":
        rows = ["NEW"]  # a night's own row: its stamp follows it (its season included)
    return [_touch(vendor, kind, night_of.format(row=row)) for row in rows]


def _condition(vendor: str, condition: str | None) -> str | None:
    if condition is None:
        return None
    distinct = "IS NOT" if vendor == "sqlite" else "IS DISTINCT FROM"
    return condition.replace("{distinct_finished}", f"OLD.finished_at {distinct} NEW.finished_at")


def create_sql(vendor: str) -> list[str]:
    """The stamp table, a stamp for every night there is, and the triggers."""
    key = "INTEGER" if vendor == "sqlite" else "BIGINT"
    r = _random(vendor)
    sql = [
        f"CREATE TABLE {TABLE} (night_id {key} NOT NULL PRIMARY KEY, season_id {key} NOT NULL,"
        " results_a BIGINT NOT NULL, results_b BIGINT NOT NULL, play_a BIGINT NOT NULL, play_b BIGINT NOT NULL)",
        f"CREATE INDEX {TABLE}_season ON {TABLE} (season_id)",
        f"INSERT INTO {TABLE} (night_id, season_id, results_a, results_b, play_a, play_b)"
        f" SELECT id, season_id, {r}, {r}, {r}, {r} FROM league_night",
    ]
    night_gone = f"DELETE FROM {TABLE} WHERE night_id = OLD.id"
    for name, source, kind, event, condition in TRIGGERS:
        body = _statements(vendor, source, kind, event)
        when = _condition(vendor, condition)
        trigger = f"results_stamp_{name}"
        if vendor == "sqlite":
            sql.append(
                f"CREATE TRIGGER {trigger} AFTER {event} ON {source} FOR EACH ROW"
                + (f" WHEN {when}" if when else "")
                + " BEGIN "
                + " ".join(f"{statement};" for statement in body)
                + " END"
            )
        else:
            sql.append(
                f"CREATE FUNCTION {trigger}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                + " ".join(f"{statement};" for statement in body)
                + " RETURN NULL; END $$"
            )
            sql.append(
                f"CREATE TRIGGER {trigger} AFTER {event} ON {source} FOR EACH ROW"
                + (f" WHEN ({when})" if when else "")
                + f" EXECUTE FUNCTION {trigger}()"
            )
    if vendor == "sqlite":
        sql.append(
            f"CREATE TRIGGER results_stamp_night_del AFTER DELETE ON league_night FOR EACH ROW BEGIN {night_gone}; END"
        )
        sql.append(
            "CREATE TRIGGER results_stamp_player_name AFTER UPDATE OF name ON league_player FOR EACH ROW"
            " WHEN OLD.name IS NOT NEW.name BEGIN "
            + _touch(vendor, "results", "SELECT e.night_id FROM league_entry e WHERE e.player_id = NEW.id")
            + "; END"
        )
    else:
        sql.append(
            "CREATE FUNCTION results_stamp_night_del() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
            f"{night_gone}; RETURN NULL; END $$"
        )
        sql.append(
            "CREATE TRIGGER results_stamp_night_del AFTER DELETE ON league_night FOR EACH ROW"
            " EXECUTE FUNCTION results_stamp_night_del()"
        )
        sql.append(
            "CREATE FUNCTION results_stamp_player_name() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
            + _touch(vendor, "results", "SELECT e.night_id FROM league_entry e WHERE e.player_id = NEW.id")
            + "; RETURN NULL; END $$"
        )
        sql.append(
            "CREATE TRIGGER results_stamp_player_name AFTER UPDATE OF name ON league_player"
            " FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)"
            " EXECUTE FUNCTION results_stamp_player_name()"
        )
    return sql


def drop_sql(vendor: str) -> list[str]:
    names = [f"results_stamp_{name}" for name, *_ in TRIGGERS] + [
        "results_stamp_night_del",
        "results_stamp_player_name",
    ]
    sources = {f"results_stamp_{name}": source for name, source, *_ in TRIGGERS}
    sources.update({"results_stamp_night_del": "league_night", "results_stamp_player_name": "league_player"})
    if vendor == "sqlite":
        return [f"DROP TRIGGER IF EXISTS {name}" for name in names] + [f"DROP TABLE IF EXISTS {TABLE}"]
    return (
        [f"DROP TRIGGER IF EXISTS {name} ON {sources[name]}" for name in names]
        + [f"DROP FUNCTION IF EXISTS {name}()" for name in names]
        + [f"DROP TABLE IF EXISTS {TABLE}"]
    )
