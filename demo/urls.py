"""The demo's one organizer page: removing it."""

from django.urls import path

from demo import views

urlpatterns = [
    path("organizer/demo/remove/", views.remove_demo, name="remove_demo"),
]
