from django.urls import path

from tournaments.night import views as night
from tournaments.qr import views as qr_sheet
from tournaments.tracker import views as tracker

urlpatterns = [
    path("nights/<int:night_id>/seating/", night.seating, name="seating"),
    path("nights/<int:night_id>/seating/draw/", night.draw_seating, name="seating_draw"),
    path("nights/<int:night_id>/late-entry/", night.late_entry, name="late_entry"),
    path("nights/<int:night_id>/qr-codes.pdf", qr_sheet.night_qr_sheet_pdf, name="night_qr_sheet"),
    path("tables/<int:table_id>/", night.table_detail, name="table_detail"),
    path("tables/<int:table_id>/first-dealer/", night.first_dealer, name="first_dealer"),
    path("tables/<int:table_id>/dealer-link/revoke/", night.revoke_dealer_link, name="revoke_dealer_link"),
    path("placements/<int:placement_id>/correct/", night.correct_placement, name="placement_correct"),
    path("tables/<int:table_id>/track/", tracker.tracker_page, name="organizer_tracker"),
    path("dealer/<str:token>/", tracker.tracker_page, name="dealer_tracker"),
    path("dealer/<str:token>/revision", tracker.tracker_revision, name="dealer_tracker_revision"),
    path("tables/<int:table_id>/track/revision", tracker.tracker_revision, name="organizer_tracker_revision"),
    path("tables/<int:table_id>/hands/", tracker.hand_history, name="hand_history"),
    path("tables/<int:table_id>/hands/<int:number>.json", tracker.hand_json, name="hand_json"),
]
