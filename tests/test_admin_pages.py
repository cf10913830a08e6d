"""Every model registered in the admin opens its list and add pages for an organizer."""

import pytest
from django.contrib import admin
from django.urls import reverse


@pytest.mark.django_db
def test_every_admin_list_page_opens_with_its_filters_and_search(admin_client):
    for model, model_admin in admin.site._registry.items():
        opts = model._meta
        url = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
        response = admin_client.get(url, {"q": "x"} if model_admin.search_fields else {})
        assert response.status_code == 200, url
