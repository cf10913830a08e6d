from django.urls import path

from tournaments.tonight import views

urlpatterns = [
    path("organizer/tonight/", views.tonight, name="tonight"),
    path("organizer/nights/<int:night_id>/tonight/", views.night_tonight, name="night_tonight"),
]
