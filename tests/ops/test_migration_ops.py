"""The words-only migration operations leave Django's own state and refuse any other change."""

import pytest
from django.db import migrations, models
from django.db.migrations.state import ModelState, ProjectState

from ops.migration_ops import AlterFieldWords, AlterModelWords


def _state() -> ProjectState:
    state = ProjectState()
    state.add_model(ModelState("shop", "Item", [
        ("id", models.AutoField(primary_key=True)),
        ("name", models.CharField(max_length=20)),
    ], options={"ordering": ["name"]}))
    return state


def _after(operation) -> ProjectState:
    state = _state()
    operation.state_forwards("shop", state)
    return state


def test_a_label_change_leaves_the_state_djangos_own_alter_field_leaves():
    field = models.CharField(max_length=20, verbose_name="Name", help_text="As written")
    ours = _after(AlterFieldWords("item", "name", field))
    django = _after(migrations.AlterField("item", "name", field))
    assert ours == django
    options = {"ordering": ["name"], "verbose_name": "Item", "verbose_name_plural": "Items"}
    assert (_after(AlterModelWords("item", options))
            == _after(migrations.AlterModelOptions("item", options)))


@pytest.mark.parametrize("field", [models.CharField(max_length=30, verbose_name="Name"),
                                   models.CharField(max_length=20, null=True),
                                   models.TextField(verbose_name="Name")])
def test_a_change_of_the_column_is_refused(field):
    with pytest.raises(ValueError, match="not words only"):
        _after(AlterFieldWords("item", "name", field))


def test_a_change_of_the_models_ordering_is_refused():
    with pytest.raises(ValueError, match="not words only"):
        _after(AlterModelWords("item", {"verbose_name": "Item"}))  # drops the ordering
