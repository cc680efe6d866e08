"""The tournament manager of the Q-gammon backgammon club."""

# Written into backups (operations.backups); kept equal to pyproject.toml by a test.
__version__ = "0.1.0"
