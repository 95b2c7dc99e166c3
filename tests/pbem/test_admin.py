"""The admin's read-only rows (pbem.admin.ReadOnlyMixin): what an operator may
write by hand in each, even as a superuser; everything else changes through
the services behind the admin's actions."""

import pytest
from django.contrib import admin
from django.test import RequestFactory

from pbem.models import Game, Move, PendingAction, Seat

EXPECTED = {  # add, change, delete
    Game: (False, True, True),
    Seat: (False, True, False),
    PendingAction: (False, False, False),
    Move: (False, False, False),
}


@pytest.mark.django_db
@pytest.mark.parametrize("model", list(EXPECTED), ids=lambda m: m.__name__)
def test_what_an_operator_may_write_by_hand(model, make_user):
    root = make_user("root")
    root.is_staff = root.is_superuser = True
    root.save()
    request = RequestFactory().get("/admin/")
    request.user = root
    model_admin = admin.site._registry[model]
    allowed = (
        model_admin.has_add_permission(request),
        model_admin.has_change_permission(request),
        model_admin.has_delete_permission(request),
    )
    assert allowed == EXPECTED[model]
    assert model_admin.has_view_permission(request)
