"""The one row that ratings recomputations lock (made here so that no two transactions
race to create it)."""

from django.db import migrations


def create(apps, schema_editor):
    apps.get_model("tournament", "RatingsLock").objects.get_or_create(pk=1)


class Migration(migrations.Migration):
    dependencies = [("tournament", "0005_ratings")]
    operations = [migrations.RunPython(create, migrations.RunPython.noop)]
