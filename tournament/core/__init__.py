"""The pure core: the rules of the game and of the club, with no Django import and no
I/O of its own (import-linter checks it; see pyproject.toml).

Everything that decides what is legal or what follows lives here: a season's rule
variants (`rules`), a match replayed game by game (`scoring`), what a director may do
with a match (`actions`), match lengths per round (`schedule`), bracket plans (`draw`),
league points and tie-breaks (`league`), ratings (`ratings`), match equity (`equity`),
the .mat transcript format (`matfile`) and how names compare (`names`). The models,
the operations, the pages, the admin and the commands ask it; nobody restates a rule.
"""
