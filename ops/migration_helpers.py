"""Helpers for migrations that move a model to another app without moving its table."""


def move_content_types(from_app: str, to_app: str, models: list[str]):
    """A RunPython pair that relabels content types, so permissions granted on the moved
    models (and admin log entries) follow them to their new app."""

    def forward(apps, schema_editor):
        content_type = apps.get_model("contenttypes", "ContentType")
        _relabel(content_type, from_app, to_app, models)

    def backward(apps, schema_editor):
        content_type = apps.get_model("contenttypes", "ContentType")
        _relabel(content_type, to_app, from_app, models)

    return forward, backward


def _relabel(content_type, source: str, target: str, models: list[str]) -> None:
    for model in models:
        if content_type.objects.filter(app_label=target, model=model).exists():
            continue  # already there (created by post_migrate): leave both as they are
        content_type.objects.filter(app_label=source, model=model).update(app_label=target)
