from django.urls import path

from tournaments.qr import views

urlpatterns = [
    path("nights/<int:night_id>/qr-codes.pdf", views.night_qr_sheet_pdf, name="night_qr_sheet"),
]
