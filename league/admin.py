"""Admin for the organizers: list filters and search they use, and merging two records of one player.

The season's page is in results/admin.py: its points scheme freezes once a night has results."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.access import venue_ids
from league.desk import merge, services
from league.models import (
    Entry,
    JackpotDeposit,
    Night,
    NightStatus,
    PaperSheet,
    Player,
    PlayerMerge,
    PointsSchemeChange,
    Venue,
    VenueRole,
)
from league.rules.inputs import ascii_whole_or_none

_site_permission = admin.site.has_permission


def _league_organizers_only(request: HttpRequest) -> bool:
    """The admin shows every venue's rows: a venue organizer (docs/design.md) has no admin, superuser or not."""
    return _site_permission(request) and venue_ids(request.user) is None


admin.site.has_permission = _league_organizers_only


class EntryInline(admin.TabularInline):
    model = Entry
    fk_name = "player"
    extra = 0
    can_delete = False
    fields = ["night", "fee_paid", "paid_at", "received_by", "withdrawn_at", "refund_amount"]
    readonly_fields = fields
    show_change_link = True

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "nickname", "contact", "date_of_birth", "id_checked_adult", "nights_entered", "created_at"]
    list_filter = ["id_checked_adult", ("date_of_birth", admin.EmptyFieldListFilter)]
    search_fields = ["name", "nickname", "contact"]
    inlines = [EntryInline]
    actions = ["merge_selected"]

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(n_entries=Count("entries", filter=Q(entries__withdrawn_at__isnull=True)))
        )

    @admin.display(description=gettext_lazy("nights entered"), ordering="n_entries")
    def nights_entered(self, player: Player) -> int:
        return player.n_entries

    def get_urls(self):
        return [
            path("merge/", self.admin_site.admin_view(self.merge_view), name="league_player_merge"),
        ] + super().get_urls()

    @admin.action(description=gettext_lazy("Merge the two selected records of one player"))
    def merge_selected(self, request: HttpRequest, queryset) -> HttpResponse | None:
        ids = list(queryset.values_list("pk", flat=True))
        if len(ids) != 2:
            self.message_user(request, _("Select exactly two players to merge."), messages.ERROR)
            return None
        return redirect(f"{reverse('admin:league_player_merge')}?ids={ids[0]},{ids[1]}")

    def merge_view(self, request: HttpRequest) -> HttpResponse:
        """Confirmation page: pick the record to keep; the other one's entries and history move to it."""
        if not self.has_change_permission(request) or not self.has_delete_permission(request):
            return redirect("admin:index")
        raw = request.POST.get("ids") or request.GET.get("ids", "")
        ids = [ascii_whole_or_none(part) for part in raw.split(",")[:3] if part]
        ids = [] if None in ids else ids
        players = list(Player.objects.filter(pk__in=ids).annotate(n_entries=Count("entries")))
        if len(players) != 2:
            self.message_user(request, _("Select exactly two players to merge."), messages.ERROR)
            return redirect("admin:league_player_changelist")
        if request.method == "POST" and request.POST.get("keep"):
            keep = next((p for p in players if str(p.pk) == request.POST["keep"]), None)
            if keep is None:
                self.message_user(request, _("Choose the record to keep."), messages.ERROR)
            else:
                remove = next(p for p in players if p.pk != keep.pk)
                try:
                    merge.merge_players(keep=keep, remove=remove, by=request.user)
                except services.LeagueError as error:
                    self.message_user(request, str(error), messages.ERROR)
                else:
                    self.message_user(
                        request,
                        _("%(removed)s was merged into %(kept)s.") % {"removed": remove.name, "kept": keep.name},
                        messages.SUCCESS,
                    )
                    return redirect("admin:league_player_change", keep.pk)
        context = {
            **self.admin_site.each_context(request),
            "title": _("Merge two player records"),
            "players": players,
            "ids": raw,
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/league/player/merge.html", context)


@admin.register(Venue)
class VenueAdmin(admin.ModelAdmin):
    """The venues and their organizers, until they have a page of their own (docs/handbuch/mehrere-kneipen.md)."""

    list_display = ["name", "address", "weekday"]
    search_fields = ["name"]
    filter_horizontal = ["organizers"]


@admin.register(VenueRole)
class VenueRoleAdmin(admin.ModelAdmin):
    list_display = ["user"]


@admin.register(Night)
class NightAdmin(admin.ModelAdmin):
    list_display = ["date", "season", "venue", "starts_at", "status", "entry_count"]
    list_filter = ["season", "venue", "status"]
    search_fields = ["season__name"]
    date_hierarchy = "date"
    list_select_related = ["season", "venue"]

    def get_readonly_fields(self, request, obj=None):
        # Once drawn, a night's tables, cash and results are its venue's: it moves no more.
        drawn = obj is not None and obj.status in (NightStatus.SEATED, NightStatus.FINISHED)
        return [*super().get_readonly_fields(request, obj), *(["venue"] if drawn else [])]

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(_entries=Count("entries", filter=Q(entries__withdrawn_at__isnull=True)))
        )

    @admin.display(description=gettext_lazy("entries"), ordering="_entries")
    def entry_count(self, night: Night) -> int:
        return night._entries


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    """Read-mostly: entries change only through the desk, so the money trail stays whole."""

    list_display = ["player", "night", "fee_paid", "paid_at", "received_by", "withdrawn_at", "refund_amount"]
    list_filter = [
        "night__season",
        "night",
        ("paid_at", admin.EmptyFieldListFilter),
        ("withdrawn_at", admin.EmptyFieldListFilter),
    ]
    search_fields = ["player__name", "player__nickname"]
    list_select_related = ["player", "night__season", "received_by"]
    readonly_fields = [field.name for field in Entry._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(PlayerMerge)
class PlayerMergeAdmin(admin.ModelAdmin):
    list_display = ["removed_name", "kept", "merged_at", "merged_by"]
    search_fields = ["removed_name", "kept__name"]
    readonly_fields = ["kept", "removed_name", "removed_details", "moved", "merged_at", "merged_by"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(JackpotDeposit)
class JackpotDepositAdmin(admin.ModelAdmin):
    """Confirmed at the jackpot desk. Never deleted here: its two cash book lines would vanish with it; a mistaken
    confirmation is reversed as a whole from the cash book (the table then owes its sum again)."""

    list_display = ["table", "night", "amount", "paid_in_by", "confirmed_by", "confirmed_at", "reversed_at"]
    list_filter = ["table__night__season", "table__night"]
    search_fields = ["paid_in_by", "table__night__season__name"]
    list_select_related = ["table__night__season", "confirmed_by"]
    readonly_fields = [
        "table",
        "amount",
        "paid_in_by",
        "confirmed_by",
        "confirmed_at",
        "reversed_at",
        "reversed_by",
        "reversal_reason",
    ]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    @admin.display(description=gettext_lazy("night"), ordering="table__night__date")
    def night(self, deposit: JackpotDeposit) -> Night:
        return deposit.table.night


@admin.register(PaperSheet)
class PaperSheetAdmin(admin.ModelAdmin):
    list_display = ["table", "entered_by", "entered_at"]
    list_filter = ["table__night__season"]
    list_select_related = ["table__night__season", "entered_by"]
    readonly_fields = ["table", "entered_by", "entered_at"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(PointsSchemeChange)
class PointsSchemeChangeAdmin(admin.ModelAdmin):
    list_display = ["season", "old_scheme", "new_scheme", "changed_by", "changed_at", "reason"]
    list_filter = ["season"]
    list_select_related = ["season", "changed_by"]
    readonly_fields = [
        "season",
        "old_scheme",
        "old_fixed_points",
        "new_scheme",
        "new_fixed_points",
        "reason",
        "changed_by",
        "changed_at",
    ]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
