"""Views, split by audience: `public` (no account: visitors, and players from their private
link), `director` (the directors' permission required) and `federation` (the
federation's administrator: clubs and their directors), a module per screen."""
