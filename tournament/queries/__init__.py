"""What the pages, the JSON and the workbooks read, in a fixed number of queries: the
brackets laid out round by round (`bracket_layout`) and the figures of a season, a
tournament or a player (`standings`). They only read; every write is an operation."""
