"""Every route of the app is either published or left out for a stated reason: a new page (as the season's
downloads once did) cannot slip past the published site unnoticed. Routes from tests/url_list.txt."""

from __future__ import annotations

from pathlib import Path

from online.publish.addresses import PUBLIC_ROUTES

URL_LIST = Path(__file__).resolve().parents[2] / "url_list.txt"

LEFT_OUT = {
    # Only for the organizer (login required): the desk, the evening's running, the cash, the points rules, the
    # night's and tables' hand-history files (the players' own are published).
    "organizer": {
        "registration_desk",
        "desk_register",
        "desk_new_player",
        "entry_take_fee",
        "entry_withdraw",
        "organizer_home",
        "season_create",
        "season_edit",
        "night_create",
        "blind_structure",
        "blind_structure_file",
        "night_registration",
        "night_finish",
        "organizer_add",
        "venue_list",
        "venue_create",
        "venue_edit",
        "venue_delete",
        "organizer_role",
        "choose_venue",
        "night_venue",
        "locked_logins",
        "unlock_login",
        "password_change",
        "remove_demo",
        "cash_book",
        "player_list",
        "players_csv",
        "players_xlsx",
        "players_ods",
        "players_import",
        "cash_book_csv",
        "cash_book_pdf",
        "cash_line_reverse",
        "cash_line_new",
        "season_payout",
        "season_payout_pdf",
        "season_qualifiers",
        "night_cash",
        "night_cash_pdf",
        "night_cash_reopen",
        "seating_draw",
        "late_entry",
        "night_qr_sheet",
        "table_detail",
        "first_dealer",
        "revoke_dealer_link",
        "placement_correct",
        "organizer_tracker",
        "organizer_tracker_revision",
        "organizer_tracker_clock",
        "hand_history",
        "hand_json",
        "walk_in",
        "entry_pay_and_seat",
        "entry_withdraw_unseated",
        "clock_control",
        "clock_tv_settings",
        "club_clock",
        "clock_breaks",
        "display_add",
        "display_change",
        "display_remove",
        "clock_act",
        "table_hands_file",
        "night_hands_file",
        "night_jackpot",
        "confirm_deposit",
        "season_jackpot",
        "venue_jackpot",
        "season_jackpot_csv",
        "season_jackpot_pdf",
        "points_scheme",
        "points_scheme_preview",
        "import_past_nights",
        "night_sheets_pdf",
        "table_sheet_pdf",
        "table_results",
        "publish",
        "publish_progress",
        "tonight",
        "night_tonight",
        "way_on",
        "paper_switch",
        "merge_players",
        "merge_players_confirm",
    },
    # The dealer's phone: its link is the key to a table.
    "dealer": {"dealer_tracker", "dealer_tracker_revision", "dealer_tracker_clock"},
    # Live screens and their streams (TV clock, rails, odds): only on the server, while the night is on.
    "live": {
        "clock_tv",
        "tv_screens",
        "clock_state",
        "clock_pulse",
        "clock_events",
        "display_tv",
        "club_logo",
        "display_state",
        "display_pulse",
        "display_events",
        "night_rail",
        "night_rail_pulse",
        "night_rail_events",
        "table_rail",
        "table_rail_pulse",
        "table_rail_events",
    },
    # The house games: a guest's session at the venue, forms on every page.
    "house games": {
        "uth_table",
        "uth_slip",
        "uth_deal",
        "uth_top_up",
        "uth_round",
        "uth_decide",
        "uth_abort",
        "uth_calculator",
        "imperial_table",
        "imperial_slip",
        "imperial_deal",
        "imperial_round",
        "imperial_act",
    },
    # Accounts and the server itself.
    "accounts and server": {
        "login",
        "logout",
        "set_language",
        "health",
        "favicon",
    },  # the site names its icon in every page
}


def route_names() -> set[str]:
    names = set()
    for line in URL_LIST.read_text(encoding="utf-8").splitlines():
        path, _tab, name = line.partition("\t")
        if name and not path.startswith("admin/"):
            names.add(name)
    return names


def test_every_route_is_published_or_left_out_for_a_reason():
    left_out = set().union(*LEFT_OUT.values())
    assert not left_out & set(PUBLIC_ROUTES), sorted(left_out & set(PUBLIC_ROUTES))
    unclassified = route_names() - set(PUBLIC_ROUTES) - left_out
    assert not unclassified, (
        f"routes neither published (online/publish/addresses.py) nor left out here: {sorted(unclassified)}"
    )
    assert set(PUBLIC_ROUTES) <= route_names() and left_out <= route_names(), "a name here is no route any more"
