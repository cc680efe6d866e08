"""Views, split by audience: `public` (no login) and `director` (permission required)."""
