from django.urls import include, path

urlpatterns = [
    path("", include("live.tv.urls")),
    path("", include("live.rail.urls")),
]
