"""The organizer's publishing page and the health endpoint."""

from django.urls import include, path

from online import views

urlpatterns = [
    path("organizer/publish/", views.publish, name="publish"),
    path("organizer/publish/progress/", views.publish_progress, name="publish_progress"),
    path("health/", views.health, name="health"),
    path("", include("online.federation.urls")),
]
