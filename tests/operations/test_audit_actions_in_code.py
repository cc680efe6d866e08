"""The audit's actions are the code's, not the migrations': a new action or a label
reworded makes no migration (models.fields.ChoicesInCodeCharField), the model still
knows them, and the one writer refuses a code it does not know."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.db.migrations.autodetector import MigrationAutodetector
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.questioner import NonInteractiveMigrationQuestioner
from django.db.migrations.state import ProjectState

from tournament.models import AuditEntry
from tournament.operations import audit

ACTION = AuditEntry._meta.get_field("action")


def migrations_to_make() -> dict:
    """What `makemigrations` would write for the models as they are now."""
    loader = MigrationLoader(None, ignore_no_migrations=True)
    autodetector = MigrationAutodetector(
        loader.project_state(),
        ProjectState.from_apps(apps),
        NonInteractiveMigrationQuestioner(specified_apps=None, dry_run=True),
    )
    return autodetector.changes(graph=loader.graph)


def test_the_migrations_are_in_step_with_the_models():
    """`makemigrations --check`: nothing to write."""
    assert migrations_to_make() == {}


def test_the_field_the_migrations_see_has_no_choices():
    _name, path, _args, kwargs = ACTION.deconstruct()
    assert path == "django.db.models.CharField"
    assert "choices" not in kwargs
    assert kwargs["max_length"] == 20


def test_a_new_action_and_a_label_reworded_make_no_migration(monkeypatch):
    choices = [(code, f"{label} (reworded)") for code, label in ACTION.choices]
    monkeypatch.setattr(ACTION, "choices", [*choices, ("new_action", "a new action")])
    assert migrations_to_make() == {}


def test_the_model_still_knows_its_actions():
    entry = AuditEntry(action=AuditEntry.Action.DRAW_MADE)
    assert entry.get_action_display() == "draw made"
    assert ("walkover", "walkover") in ACTION.choices


@pytest.mark.django_db
def test_the_writer_refuses_an_action_it_does_not_know():
    with pytest.raises(ValueError, match="no_such_action"):
        audit.record("no_such_action", user=None, summary="nothing")
    with pytest.raises(ValueError, match="no_such_action"):
        audit.record_many("no_such_action", [("Anna", "added", {})], user=None)
    assert not AuditEntry.objects.exists()
