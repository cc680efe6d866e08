"""The benches as a Django app of their own, beside `tournament`, so that `manage.py
bench` and `manage.py lighthouse` are found (benches/management/commands/) while the app
itself never imports them (the import contract in pyproject.toml)."""

from django.apps import AppConfig


class BenchesConfig(AppConfig):
    name = "benches"
    verbose_name = "Benches"
