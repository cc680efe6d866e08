"""Outside programs that judge the games: GNU Backgammon (`gnubg`).

Below the models on purpose: an engine takes text and settings and gives back plain data
classes, so the job that stores the figures and the tests that check them against the
program's own output share one reader.
"""
