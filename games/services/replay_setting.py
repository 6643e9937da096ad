"""Saving a user's board setting for the replay viewer."""

from games.models import ReplaySetting


def replay_setting_save(*, user, home: str, switch_sides: bool) -> ReplaySetting:
    if home not in ReplaySetting.Home.values:
        raise ValueError(f"unknown board direction {home!r}")
    setting, _ = ReplaySetting.objects.update_or_create(
        user=user, defaults={"home": home, "switch_sides": switch_sides})
    return setting
