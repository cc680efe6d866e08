# Each bracket's number of rounds, kept with it: what names its rounds and matches
# ("Quarter-final 1", "Final") wherever they are shown. Brackets drawn before read it
# from their matches.

from django.db import migrations, models
from django.db.models import Max


def count_rounds(apps, schema_editor):
    Bracket = apps.get_model("tournament", "Bracket")
    for bracket in Bracket.objects.annotate(last=Max("matches__round")).filter(last__isnull=False):
        Bracket.objects.filter(pk=bracket.pk).update(rounds=bracket.last)


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0038_last_chance_entry_loser"),
    ]

    operations = [
        migrations.AddField(
            model_name="bracket",
            name="rounds",
            field=models.PositiveSmallIntegerField(default=0, editable=False, verbose_name="rounds"),
        ),
        migrations.RunPython(count_rounds, migrations.RunPython.noop),
    ]
