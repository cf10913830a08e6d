"""The season's page in the admin lives with the results: once a night has results, its points scheme is frozen
there and changes only through the confirmed recomputation (results/points.py)."""

from __future__ import annotations

from django.contrib import admin
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.models import Night, Season
from results import standings as season_table


class NightInline(admin.TabularInline):
    model = Night
    extra = 0
    fields = ["date", "starts_at", "status"]
    show_change_link = True


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "start_date", "end_date", "weekday", "entry_fee", "jackpot_share", "points_scheme"]
    list_filter = ["weekday", "points_scheme"]
    search_fields = ["name"]
    date_hierarchy = "start_date"
    inlines = [NightInline]
    fieldsets = [
        (None, {"fields": ["name", "start_date", "end_date", "weekday"]}),
        (gettext_lazy("Money"), {"fields": ["entry_fee", "jackpot_share", "jackpot_payout_split"]}),
        (
            gettext_lazy("Points"),
            {"fields": ["points_scheme", "fixed_points", "points_formula", "best_nights", "knockout_points"]},
        ),
        (
            gettext_lazy("Tournament"),
            {"fields": ["starting_stack", "level_minutes", "start_small_blind", "start_big_blind", "min_bet_rule"]},
        ),
    ]

    def get_readonly_fields(self, request, obj=None):
        # Once a night has results the scheme is frozen: changing it is a confirmed recomputation.
        if obj is not None and season_table.season_has_results(obj):
            return [
                "points_scheme",
                "fixed_points",
                "points_formula",
                "best_nights",
                "knockout_points",
                "change_points_scheme",
            ]
        return []

    def get_fieldsets(self, request, obj=None):
        fieldsets = super().get_fieldsets(request, obj)
        if obj is not None and season_table.season_has_results(obj):
            fieldsets = [
                (
                    name,
                    {**options, "fields": [*options["fields"], "change_points_scheme"]}
                    if "points_scheme" in options["fields"]
                    else options,
                )
                for name, options in fieldsets
            ]
        return fieldsets

    @admin.display(description=gettext_lazy("change"))
    def change_points_scheme(self, season: Season) -> str:
        return render_to_string(
            "admin/results/season/_change_points_scheme.html",
            {
                "url": reverse("points_scheme", args=[season.pk]),
                "label": _("Change the scheme and recompute the points…"),
            },
        )
