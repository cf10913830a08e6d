"""The league server's addresses for venues' laptops (all under /league-link/) and the pages of the link."""

from __future__ import annotations

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
