"""Admin for Ultimate Texas Hold'em: rounds to look up, and the jackpot meter,
whose seed amount and feed share are its settings. The meter's amount only
changes with a history row (housegames/services/uth.py), so it is read-only here."""

from django.contrib import admin

from housegames.models import JackpotMeter, JackpotMeterEvent, UthRound


class JackpotMeterEventInline(admin.TabularInline):
    model = JackpotMeterEvent
    extra = 0
    fields = ["created_at", "kind", "amount", "balance_after", "uth_round", "box"]
    readonly_fields = fields
    can_delete = False
    ordering = ["-created_at", "-id"]

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(JackpotMeter)
class JackpotMeterAdmin(admin.ModelAdmin):
    list_display = ["name", "amount", "seed_amount", "feed_share", "updated_at"]
    readonly_fields = ["name", "amount", "updated_at"]
    fields = ["name", "amount", "seed_amount", "feed_share", "updated_at"]
    inlines = [JackpotMeterEventInline]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(UthRound)
class UthRoundAdmin(admin.ModelAdmin):
    list_display = ["__str__", "bankroll", "status", "staked", "returned", "created_at", "settled_at"]
    list_filter = ["status"]
    readonly_fields = ["bankroll", "status", "staked", "returned", "state", "result", "created_at", "settled_at"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
