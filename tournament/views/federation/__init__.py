"""The federation administrator's pages (`/federation/`): the clubs, a new club, a
club's details, its directors and results manager appointed and removed; the league
of club teams (`league`): its seasons, divisions, fixtures and season's end. The
administrator is a user with the federation's permission (models.clubs), not a club's
director: `web.access.federation_admin_required` answers 403 to anyone else."""

from . import clubs, league

__all__ = ["clubs", "league"]
