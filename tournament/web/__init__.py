"""The web plumbing the pages stand on, none of it a page of its own: who may open what
(`access`), which client sent a request (`addresses`), the players' write limit
(`link_limits`), live pages that cost nothing when nothing changed (`live`), the error
pages (`errors`), the login throttle's hooks (`logins`), English dates by region
(`middleware`) and private links kept out of the logs (`logfilters`)."""
