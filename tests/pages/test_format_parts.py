"""Every part a format names (core/formats) is mapped by the layer that shows or runs it:
a format with a part no layer knows fails here, not on a director's page on the day."""

import pytest

from tournament.core import formats
from tournament.exports.sheets import SHEETS
from tournament.operations.club_nights import FOLLOWED_BY
from tournament.operations.draws import DRAWS
from tournament.operations.knockouts import DRAWN_FROM
from tournament.operations.pairings import PAIRINGS
from tournament.operations.progress import MOVES_ON
from tournament.queries.onward import END_PLACES
from tournament.queries.standings import PLACES
from tournament.views.director.draw import DRAW_PAGES, ROUND_SLIPS
from tournament.views.public.api import JSON_SECTIONS
from tournament.views.public.tournament import LIVE_PARTS


@pytest.mark.parametrize("found", formats.FORMATS.values(), ids=formats.KEYS)
def test_each_layer_knows_the_formats_parts(found):
    assert found.moves_on in MOVES_ON
    assert found.draws in DRAWS and found.draws in DRAW_PAGES
    assert found.places in PLACES
    assert found.page in LIVE_PARTS
    assert set(found.json) <= set(JSON_SECTIONS)
    assert set(found.sheets) <= set(SHEETS)
    assert found.knockout_from in FOLLOWED_BY and found.knockout_from in DRAWN_FROM
    if found.in_rounds or found.teams:
        # Played in rounds: its final places, and each round's slips.
        assert found.places in END_PLACES
        assert found.draws in ROUND_SLIPS
    if found.pairs_by_results:
        assert found.pairs_on in PAIRINGS
