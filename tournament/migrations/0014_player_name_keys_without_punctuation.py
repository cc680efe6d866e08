"""Every player's name key computed again: the key now drops apostrophes of every kind,
hyphens and dots ("Seán O’Brien" and "Sean O'Brien" are one key), and the searches, the
namesake check and the member import read the stored key."""

import unicodedata

from django.db import migrations

from tournament.core.names import normalize_name

BATCH = 500


def key_before(name: str) -> str:
    """The key as 0013 left it (core.names before this change), for going back."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return "".join(char for char in bare.casefold() if not (char.isspace() or char == "_"))


def _set_keys(apps, key_of) -> None:
    Player = apps.get_model("tournament", "Player")
    changed = []
    for player in Player.objects.only("pk", "name", "name_key").order_by("pk").iterator():
        # Cut to the column's length, as Player.save() does.
        key = key_of(player.name)[:100]
        if key != player.name_key:
            player.name_key = key
            changed.append(player)
    Player.objects.bulk_update(changed, ["name_key"], batch_size=BATCH)


def recompute_name_keys(apps, schema_editor):
    _set_keys(apps, normalize_name)


def restore_name_keys(apps, schema_editor):
    _set_keys(apps, key_before)


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0013_bracket_table_priority"),
    ]

    operations = [
        migrations.RunPython(recompute_name_keys, restore_name_keys),
    ]
