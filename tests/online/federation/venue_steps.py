"""What the organizer does on a venue's laptop, for the two-venue chain test, in a process of its own on that
laptop's database (DATABASE_URL), each step printing JSON:

    python -m tests.online.federation.venue_steps night --season NAME --date 2026-12-02 --players "A,B,..."
    python -m tests.online.federation.venue_steps finish --night UID      # the rest on paper, "Abend beenden"
    python -m tests.online.federation.venue_steps bundle --night UID      # the bundle it would send, signed
    python -m tests.online.federation.venue_steps show                    # what the laptop holds

`night` makes the night at the laptop's own venue (its league link's), enters each name (a player the laptop
fetched from the league, else a new one made at the desk), draws the seating and each table's first dealer.
`finish` switches every tracked table to paper and types the rest's places in seat order (the paper sheet),
then finishes the night. They use the project's own services, as the desk and the results page do.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random


def _setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def _organizer():
    from django.contrib.auth import get_user_model

    return get_user_model().objects.filter(is_staff=True).order_by("pk").first()


def night(season_name: str, date: str, names: list[str]) -> dict:
    from league.desk import services as desk
    from league.models import Night, Player, Season, Venue
    from online.models import LeagueLink
    from tournaments.floor import services as floor

    link = LeagueLink.objects.get()
    venue = Venue.objects.get(uid=link.venue_uid)
    season = Season.objects.get(name=season_name)
    by = _organizer()
    made = Night.objects.create(season=season, venue=venue, date=datetime.date.fromisoformat(date))
    new = []
    for name in names:
        player = Player.objects.filter(name=name).first()
        if player is None:
            desk.create_player_and_register(
                night=made,
                by=by,
                fee=season.entry_fee,
                another_person=True,
                name=name,
                date_of_birth=datetime.date(1990, 1, 1 + len(new)),
            )
            new.append(name)
        else:
            desk.register_player(night=made, player=player, by=by, fee=season.entry_fee)
    tables = floor.draw_seating(night=made, rng=random.Random(11))
    for table in tables:
        floor.draw_first_dealer(table=table, rng=random.Random(table.number))
    return {
        "night": str(made.uid),
        "new_players": new,
        "tables": [
            {
                "number": t.number,
                "token": type(t).objects.get(pk=t.pk).dealer_token,
                "players": [s.entry.player.name for s in t.seats.select_related("entry__player").order_by("position")],
            }
            for t in tables
        ],
    }


def finish(night_uid: str) -> dict:
    from league.models import Night
    from tournaments.floor import services as floor
    from tournaments.models import Hand
    from tournaments.placements import paper, switch

    made = Night.objects.get(uid=night_uid)
    by = _organizer()
    places = {}
    for table in made.tables.order_by("number"):
        if Hand.objects.filter(table=table).exists():
            state = switch.paper_switch(table)
            if not state.on_paper and not state.refusal:
                switch.switch_to_paper(table=table, by=by, version=state.table.revision)
        form = paper.results_form(table)
        remaining = form.remaining
        typed = [(seat.pk, place) for place, seat in enumerate(remaining, start=1)] if remaining else []
        if typed:
            paper.record_paper_results(table=table, places=typed, by=by, version=form.version)
        for seat in table.seats.select_related("entry__player", "placement"):
            places[seat.entry.player.name] = {
                "table": table.number,
                "place": seat.placement.place,
                "of": len(form.seats),
            }
    floor.finish_night(night=made, confirm_unfinished=False)
    return {"night": night_uid, "places": places}


def bundle(night_uid: str) -> dict:
    """The night's bundle as the laptop would send it now (version 1), its signature and the laptop's link."""
    import base64

    from league.models import Night
    from online.federation import sending, signing
    from online.models import LeagueLink

    link = LeagueLink.objects.get()
    data = sending._signed(Night.objects.get(uid=night_uid), 1)
    return {
        "data": base64.b64encode(data).decode(),
        "signature": signing.sign(link.private_key, data),
        "link": {
            "server_url": link.server_url,
            "venue_uid": str(link.venue_uid),
            "private_key": link.private_key,
            "public_key": link.public_key,
        },
    }


def show() -> dict:
    from league.models import Night, Player, Season
    from tournaments.models import Hand, Placement

    return {
        "players": sorted(Player.objects.values_list("name", flat=True)),
        "seasons": sorted(Season.objects.values_list("name", flat=True)),
        "nights": [[str(u), s] for u, s in Night.objects.values_list("uid", "status")],
        "hands": Hand.objects.count(),
        "placements": Placement.objects.count(),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["night", "finish", "bundle", "show"])
    parser.add_argument("--season")
    parser.add_argument("--date")
    parser.add_argument("--players", default="")
    parser.add_argument("--night")
    args = parser.parse_args()
    _setup()
    if args.what == "night":
        result = night(args.season, args.date, [n.strip() for n in args.players.split(",") if n.strip()])
    elif args.what == "finish":
        result = finish(args.night)
    elif args.what == "bundle":
        result = bundle(args.night)
    else:
        result = show()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
