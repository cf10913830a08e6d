"""Admin for the night's play. Hands and placements change through the tracker and its services,
so the money and chip trail stays whole; here they are mostly for looking up."""

from django.contrib import admin

from tournaments.models import Action, ClockState, Hand, Placement, PlacementCorrection, Seat, Table


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["position", "entry", "starting_stack", "sitting_out", "late_entry"]
    readonly_fields = ["entry", "starting_stack", "late_entry"]
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "night", "status", "first_dealer", "finished_at"]
    list_filter = ["night__season", "night", "status"]
    search_fields = ["seats__entry__player__name"]
    list_select_related = ["night__season", "first_dealer__entry__player"]
    readonly_fields = ["night", "number", "status", "first_dealer", "first_dealer_draw", "finished_at"]
    exclude = ["dealer_token"]
    inlines = [SeatInline]

    def has_add_permission(self, request) -> bool:
        return False


class ActionInline(admin.TabularInline):
    model = Action
    extra = 0
    fields = ["index", "seat", "verb", "to", "created_at"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ["__str__", "table", "level", "small_blind", "big_blind", "status", "started_at"]
    list_filter = ["table__night", "status"]
    list_select_related = ["table__night"]
    readonly_fields = [field.name for field in Hand._meta.fields]
    inlines = [ActionInline]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class CorrectionInline(admin.TabularInline):
    model = PlacementCorrection
    extra = 0
    fields = ["old_place", "new_place", "reason", "corrected_by", "corrected_at"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Placement)
class PlacementAdmin(admin.ModelAdmin):
    """Places are corrected on the table page, where the reason is asked for and kept."""

    list_display = ["place", "seat", "table", "reason", "chips_removed", "decided_at"]
    list_filter = ["table__night__season", "table__night", "reason"]
    search_fields = ["seat__entry__player__name"]
    list_select_related = ["seat__entry__player", "table__night"]
    readonly_fields = [field.name for field in Placement._meta.fields]
    inlines = [CorrectionInline]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(ClockState)
class ClockStateAdmin(admin.ModelAdmin):
    list_display = ["night", "level", "on_break", "running_since", "updated_at"]
    list_select_related = ["night__season"]
    readonly_fields = ["night", "level", "on_break", "elapsed", "running_since", "started_at", "updated_at"]

    def has_add_permission(self, request) -> bool:
        return False
