import datetime
from decimal import Decimal

import pytest
from django.db import IntegrityError

from league.desk import services
from league.models import Entry, Player, age_on
from tests.league.factories import FEE, NIGHT_DATE, make_player


def test_age_counts_completed_years():
    assert age_on(datetime.date(2008, 11, 25), NIGHT_DATE) == 18
    assert age_on(datetime.date(2008, 11, 26), NIGHT_DATE) == 17


def test_someone_born_on_leap_day_turns_eighteen_on_first_of_march():
    assert age_on(datetime.date(2008, 2, 29), datetime.date(2026, 2, 28)) == 17
    assert age_on(datetime.date(2008, 2, 29), datetime.date(2026, 3, 1)) == 18


@pytest.mark.django_db
def test_a_player_needs_a_date_of_birth_or_an_id_check():
    with pytest.raises(IntegrityError):
        Player.objects.create(name="Nobody", date_of_birth=None, id_checked_adult=False)


@pytest.mark.django_db
def test_a_player_with_only_an_id_check_counts_as_adult():
    player = make_player("Checked", born=None, id_checked_adult=True)
    assert player.is_adult_on(NIGHT_DATE)


@pytest.mark.django_db
def test_registration_refuses_a_player_under_eighteen_on_the_night(night, organizer):
    young = make_player("Young", born=datetime.date(2008, 11, 26))
    with pytest.raises(services.LeagueError, match="under 18"):
        services.register_player(night=night, player=young, by=organizer, fee=FEE)
    assert not Entry.objects.exists()


@pytest.mark.django_db
def test_a_player_turning_eighteen_on_the_night_may_play(night, organizer):
    birthday = make_player("Birthday", born=datetime.date(2008, 11, 25))
    entry = services.register_player(night=night, player=birthday, by=organizer, fee=FEE)
    assert entry.is_paid


@pytest.mark.django_db
def test_a_player_can_enter_a_night_only_once(night, anna, organizer):
    services.register_player(night=night, player=anna, by=organizer, fee=FEE)
    with pytest.raises(services.LeagueError, match="already registered"):
        services.register_player(night=night, player=anna, by=organizer)
    assert Entry.objects.count() == 1


@pytest.mark.django_db
def test_the_database_itself_refuses_a_second_active_entry(night, anna, organizer):
    Entry.objects.create(night=night, player=anna, registered_by=organizer)
    with pytest.raises(IntegrityError):
        Entry.objects.create(night=night, player=anna, registered_by=organizer)


@pytest.mark.django_db
def test_paying_records_fee_jackpot_share_time_and_organizer(night, anna, organizer):
    entry = services.register_player(night=night, player=anna, by=organizer)
    assert not entry.is_paid
    entry = services.take_fee(entry=entry, amount=FEE, by=organizer)
    assert entry.fee_paid == FEE and entry.jackpot_share == Decimal("2.00")
    assert entry.received_by == organizer and entry.paid_at is not None


@pytest.mark.django_db
def test_a_fee_cannot_be_taken_twice(night, anna, organizer):
    entry = services.register_player(night=night, player=anna, by=organizer, fee=FEE)
    with pytest.raises(services.LeagueError, match="already taken"):
        services.take_fee(entry=entry, amount=FEE, by=organizer)


@pytest.mark.django_db
@pytest.mark.parametrize("amount, message", [(Decimal("-1"), "negative"), (Decimal("1.00"), "jackpot share")])
def test_a_fee_below_zero_or_below_the_jackpot_share_is_refused(night, anna, organizer, amount, message):
    entry = services.register_player(night=night, player=anna, by=organizer)
    with pytest.raises(services.LeagueError, match=message):
        services.take_fee(entry=entry, amount=amount, by=organizer)
    entry.refresh_from_db()
    assert not entry.is_paid


@pytest.mark.django_db
def test_withdrawing_a_paid_entry_records_the_refund_and_keeps_the_row(night, anna, organizer):
    entry = services.register_player(night=night, player=anna, by=organizer, fee=FEE)
    services.withdraw_entry(entry=entry, by=organizer, reason="had to leave")
    entry.refresh_from_db()
    assert entry.is_withdrawn and entry.refund_amount == FEE and entry.withdrawn_by == organizer
    totals = services.desk_totals(night)
    assert (totals.entries, totals.fees, totals.jackpot, totals.refunds) == (0, 0, 0, FEE)


@pytest.mark.django_db
def test_withdrawing_an_unpaid_entry_records_no_refund(night, anna, organizer):
    entry = services.register_player(night=night, player=anna, by=organizer)
    entry = services.withdraw_entry(entry=entry, by=organizer)
    assert entry.refund_amount is None


@pytest.mark.django_db
def test_a_withdrawn_player_can_register_again_and_history_stays(night, anna, organizer):
    first = services.register_player(night=night, player=anna, by=organizer, fee=FEE)
    services.withdraw_entry(entry=first, by=organizer)
    services.register_player(night=night, player=anna, by=organizer, fee=FEE)
    assert Entry.objects.filter(player=anna).count() == 2
    assert services.desk_totals(night).entries == 1


@pytest.mark.django_db
def test_nothing_is_written_once_the_seating_is_drawn(night, anna, ben, organizer):
    entry = services.register_player(night=night, player=anna, by=organizer)
    night.status = "seated"
    night.save()
    with pytest.raises(services.LeagueError, match="closed"):
        services.register_player(night=night, player=ben, by=organizer)
    with pytest.raises(services.LeagueError, match="closed"):
        services.take_fee(entry=entry, amount=FEE, by=organizer)
    with pytest.raises(services.LeagueError, match="closed"):
        services.withdraw_entry(entry=entry, by=organizer)
    assert Entry.objects.count() == 1 and not Entry.objects.get().is_paid


@pytest.mark.django_db
def test_desk_totals_count_entries_fees_and_jackpot(night, anna, ben, organizer):
    services.register_player(night=night, player=anna, by=organizer, fee=FEE)
    services.register_player(night=night, player=ben, by=organizer)
    totals = services.desk_totals(night)
    assert (totals.entries, totals.paid, totals.fees, totals.jackpot) == (2, 1, FEE, Decimal("2.00"))


@pytest.mark.django_db
def test_a_new_player_who_is_too_young_is_not_created(night, organizer):
    with pytest.raises(services.LeagueError):
        services.create_player_and_register(
            night=night, by=organizer, fee=FEE, name="Kid", date_of_birth=datetime.date(2010, 1, 1)
        )
    assert not Player.objects.exists()
