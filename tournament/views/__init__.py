"""Views, split by audience: `public` (no account: visitors, and players from their private
link) and `director` (the directors' permission required), a module per screen."""
