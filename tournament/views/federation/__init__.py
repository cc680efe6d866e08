"""The federation administrator's pages (`/federation/`): the clubs, a new club, a
club's details, its directors and results manager appointed and removed; the weight
of each club's events in the master points (`weights`); the rating list's thresholds
(`rating_list`); the federation's rating policy, the floor of every club's
(`rating_policy`); the league of club teams (`league`): its seasons, divisions,
fixtures and season's end. The
administrator is a user with the federation's permission (models.clubs), not a club's
director: `web.access.federation_admin_required` answers 403 to anyone else."""

from . import clubs, league, rating_list, rating_policy, weights

__all__ = ["clubs", "league", "rating_list", "rating_policy", "weights"]
