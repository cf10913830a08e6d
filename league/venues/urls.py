"""The venues' pages under /organizer/venues/, the device's venue and a night's venue."""

from django.urls import path

from league.venues import views

urlpatterns = [
    path("organizer/venues/", views.venue_list, name="venue_list"),
    path("organizer/venues/new/", views.venue_create, name="venue_create"),
    path("organizer/venues/<int:venue_id>/", views.venue_edit, name="venue_edit"),
    path("organizer/venues/<int:venue_id>/delete/", views.venue_delete, name="venue_delete"),
    path("organizer/venues/organizers/<int:user_id>/", views.organizer_role, name="organizer_role"),
    path("organizer/venues/device/", views.choose_venue, name="choose_venue"),
    path("organizer/nights/<int:night_id>/venue/", views.night_venue, name="night_venue"),
]
