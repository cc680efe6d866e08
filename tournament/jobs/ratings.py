"""The "ratings_rebuild" job: every rating computed again from the first rated match,
under the rating policies as they are when it runs (operations.ratings_rebuild, which
queues it after a policy changed). Idempotent: run twice, the ratings are the same."""

from django_tasks import task

from ..operations import ratings


@task
def rebuild_ratings() -> int:
    return ratings.refresh(rebuild=True)
