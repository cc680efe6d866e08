"""The demo club's Swiss with lives: played to its end, with a re-entry, one winner."""

from django.urls import reverse

from demo_club import DemoClubTestCase
from tournament.core import club_nights
from tournament.models import AuditEntry, Payment, Tournament
from tournament.models.lives_state import lives_state


class DemoLivesTests(DemoClubTestCase):
    def test_a_swiss_with_lives_played_to_one_winner_with_a_re_entry(self):
        event = Tournament.objects.get(format=club_nights.LIVES)
        self.assertEqual(event.status, "finished")
        state = lives_state(event)
        self.assertIsNotNone(state.winner)
        self.assertEqual(len(state.records), 9)
        reentered = [key for key, record in state.records.items() if record.reentered]
        self.assertEqual(len(reentered), 1)
        self.assertTrue(Payment.objects.filter(entry__tournament=event, reentry=True).exists())
        self.assertTrue(AuditEntry.objects.filter(action=AuditEntry.Action.REENTRY).exists())
        # Everyone but the winner is out; each at their second loss, or in the final.
        for key, record in state.records.items():
            if key != state.winner:
                self.assertIsNotNone(record.out_round)

    def test_its_page_answers_with_the_lives_standings(self):
        event = Tournament.objects.get(format=club_nights.LIVES)
        response = self.client.get(reverse("tournament", args=[event.pk]))
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "Lives left")
