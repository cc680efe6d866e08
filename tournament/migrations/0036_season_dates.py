# A season from its first to its last day (issue 36, item 14): every season made so far
# stays the calendar year it was (1 January to 31 December of its year) and keeps its
# address, its years ("2002").

import datetime

import django.db.models.expressions
from django.db import migrations, models


def calendar_years(apps, schema_editor):
    Season = apps.get_model("tournament", "Season")
    for season in Season.objects.all():
        season.start = datetime.date(season.year, 1, 1)
        season.end = datetime.date(season.year, 12, 31)
        season.years = str(season.year)
        season.save(update_fields=["start", "end", "years"])


def years_again(apps, schema_editor):
    Season = apps.get_model("tournament", "Season")
    for season in Season.objects.all():
        season.year = season.start.year
        season.save(update_fields=["year"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0035_push_notifications"),
    ]

    operations = [
        migrations.AddField(
            model_name="season",
            name="start",
            field=models.DateField(null=True, verbose_name="first day"),
        ),
        migrations.AddField(
            model_name="season",
            name="end",
            field=models.DateField(null=True, verbose_name="last day"),
        ),
        migrations.AddField(
            model_name="season",
            name="years",
            field=models.CharField(editable=False, max_length=7, null=True, verbose_name="years"),
        ),
        # The year becomes the dates: null while it is there no more.
        migrations.AlterField(
            model_name="season",
            name="year",
            field=models.PositiveSmallIntegerField(null=True, verbose_name="year"),
        ),
        migrations.RunPython(calendar_years, years_again),
        migrations.RemoveConstraint(
            model_name="season",
            name="season_year_plausible",
        ),
        migrations.RemoveField(
            model_name="season",
            name="year",
        ),
        migrations.AlterField(
            model_name="season",
            name="start",
            field=models.DateField(verbose_name="first day"),
        ),
        migrations.AlterField(
            model_name="season",
            name="end",
            field=models.DateField(verbose_name="last day"),
        ),
        migrations.AlterField(
            model_name="season",
            name="years",
            field=models.CharField(
                editable=False,
                error_messages={"unique": "The club has a season of these years already."},
                max_length=7,
                unique=True,
                verbose_name="years",
            ),
        ),
        migrations.AlterModelOptions(
            name="season",
            options={
                "ordering": ["-start"],
                "verbose_name": "season",
                "verbose_name_plural": "seasons",
            },
        ),
        migrations.AddConstraint(
            model_name="season",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("end__lte", datetime.date(2999, 12, 31)),
                    ("start__gte", datetime.date(1900, 1, 1)),
                ),
                name="season_dates_plausible",
                violation_error_message="Give the season's year, e.g. 2002.",
            ),
        ),
        migrations.AddConstraint(
            model_name="season",
            constraint=models.CheckConstraint(
                condition=models.Q(("end__gte", django.db.models.expressions.F("start"))),
                name="season_ends_after_it_starts",
                violation_error_message="A season's last day cannot come before its first day.",
            ),
        ),
    ]
