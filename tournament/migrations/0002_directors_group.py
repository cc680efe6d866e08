"""The "Directors" group and the permissions it holds.

Permissions are normally created after all migrations have run; they are created here
first so that the group can be given them on a fresh database.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "Directors"
# Directors run the club's competitions; they never delete a season or a player with
# results (the database protects those anyway) and only read the audit log.
PERMISSIONS = {
    "player": ["add", "change", "view"],
    "season": ["add", "change", "view"],
    "tournament": ["add", "change", "delete", "view", "direct_tournaments"],
    "entry": ["add", "change", "delete", "view"],
    "bracket": ["add", "change", "delete", "view"],
    "match": ["add", "change", "delete", "view"],
    "game": ["add", "change", "delete", "view"],
    "auditentry": ["view"],
}


def codenames():
    for model, actions in PERMISSIONS.items():
        for action in actions:
            yield action if action == "direct_tournaments" else f"{action}_{model}"


def create_group(apps, schema_editor):
    app_config = apps.get_app_config("tournament")
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _created = Group.objects.get_or_create(name=GROUP)
    group.permissions.add(
        *Permission.objects.filter(content_type__app_label="tournament", codename__in=list(codenames()))
    )


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_group, remove_group)]
