"""The management commands (`commands/`, one module per `manage.py` command) and the
demo club's nights (`demo_club_nights`), which `load_demo` loads beside its cups."""
