"""The demo's analysed matches (issue 26, item 7): a dozen of this year's matches carry a
transcript whose games are the match's own and GNU Backgammon's analysis of it, loaded
from files without gnubg; the figures kept are what gnubg gives for those files."""

import io
import json

import pytest
from django.core.management import call_command
from django.template.defaultfilters import floatformat
from django.utils import timezone
from gnubg_program import needs_gnubg

from demo_club import DemoClubTestCase
from tournament.engines import gnubg
from tournament.management import demo_analyses
from tournament.models import AnalysedPlayer, Analysis, Game, Transcript
from tournament.operations import transcripts
from tournament.operations.transcripts import TranscriptRefused


class DemoAnalysesTests(DemoClubTestCase):
    def test_a_dozen_matches_are_analysed_with_their_own_games(self):
        analyses = Analysis.objects.select_related("match", "transcript")
        self.assertEqual(analyses.count(), len(demo_analyses.MATCHES))
        self.assertGreaterEqual(analyses.count(), 12)
        year = timezone.localdate().year
        for demo in demo_analyses.MATCHES:
            match = demo.match(year)
            stored = analyses.get(match=match)
            self.assertEqual(stored.ply, 0)
            self.assertTrue(stored.version.startswith("GNU Backgammon"))
            # The transcript is the file, kept with the match it fits.
            text = (demo_analyses.DATA / f"{demo.name}.mat").read_text(encoding="utf-8")
            self.assertEqual(stored.transcript.text, text)
            self.assertIn(match.player1.name, text)
            players = AnalysedPlayer.objects.filter(analysis=stored).order_by("side")
            self.assertEqual([p.name_in_file for p in players], [p.name for p in match.players])
            self.assertTrue(all(p.decisions > 0 for p in players), demo.name)

    def test_the_match_page_shows_the_players_pr(self):
        demo = demo_analyses.MATCHES[0]
        match = demo.match(timezone.localdate().year)
        page = self.client.get(match.get_absolute_url()).content.decode()
        pr = AnalysedPlayer.objects.get(analysis__match=match, side=1).pr
        self.assertIn("GNUBG PR", page)
        self.assertIn(f"<strong>{floatformat(pr, 1)}</strong>", page)

    def test_loading_again_adds_nothing(self):
        before = list(Analysis.objects.values_list("pk", flat=True))
        call_command("load_demo", stdout=io.StringIO())
        self.assertEqual(list(Analysis.objects.values_list("pk", flat=True)), before)
        self.assertEqual(Transcript.objects.count(), len(before))

    def test_a_transcript_that_is_not_the_matchs_games_is_refused(self):
        first, second = demo_analyses.MATCHES[0], demo_analyses.MATCHES[1]
        year = timezone.localdate().year
        other = (demo_analyses.DATA / f"{second.name}.mat").read_text(encoding="utf-8")
        match = first.match(year)
        games = Game.objects.filter(match=match).count()
        with pytest.raises(TranscriptRefused, match=r"they are not the same games|the match has"):
            transcripts.attach(match, other, analyse=False)
        self.assertEqual(Transcript.objects.filter(match=match).count(), 1)
        self.assertEqual(Game.objects.filter(match=match).count(), games)


@needs_gnubg
def test_the_kept_figures_are_gnubgs_own_for_the_kept_files():
    """Two of the files, analysed now: the kept figures (all twelve would take the machine
    a while; `make_demo_analyses` redoes them all). gnubg's neural net evaluates with the
    processor's vector instructions (this machine has AVX-512), which can move
    an equity in its third decimal: an error total by a thousandth or two, a rate printed
    to one decimal by 0.1. The figures agree within that; the counts, the players and the
    biggest mistakes' positions exactly."""
    figures = json.loads(demo_analyses.FIGURES.read_text(encoding="utf-8"))
    for demo in demo_analyses.MATCHES[:2]:
        text = (demo_analyses.DATA / f"{demo.name}.mat").read_text(encoding="utf-8")
        now = gnubg.analyse(text, 0)
        kept = demo_analyses.from_json(figures[demo.name])
        assert len(now.players) == len(kept.players) == 2
        for found, recorded in zip(now.players, kept.players, strict=True):
            assert found.name == recorded.name
            for rate in ("error_rate", "chequer_error_rate", "cube_error_rate", "luck_rate"):
                assert getattr(found, rate) == pytest.approx(getattr(recorded, rate), abs=0.15)
            for total in ("error_total", "luck_total"):
                assert getattr(found, total) == pytest.approx(getattr(recorded, total), abs=0.01)
            assert (found.unforced_moves, found.cube_decisions) == (
                recorded.unforced_moves,
                recorded.cube_decisions,
            )
            assert [(m.game, m.move, m.kind, m.position_id) for m in found.biggest] == [
                (m.game, m.move, m.kind, m.position_id) for m in recorded.biggest
            ]
