"""Catalan's elision before a name (issue 22, item 14): "d'Anna", not "de Anna", in every
message that puts a name after "de", whether Python or a template fills it in."""

import pytest
from django.template import Context, Template
from django.utils import translation
from django.utils.translation import gettext, gettext_lazy

from tournament.elision import elides


@pytest.mark.parametrize(
    ("name", "elided"),
    [
        ("Anna Bosch", True),
        ("Èric", True),
        ("Hug", True),
        ("Helena", True),
        ("Ignasi", True),
        ("Úrsula", True),
        ("1", True),
        ("11", True),
        ("Iolanda", False),  # an i before a vowel sounds as a consonant
        ("Ueli", False),
        ("Berta", False),
        ("2", False),
        ("", False),
    ],
)
def test_which_names_elide(name, elided):
    assert elides(name) is elided


def test_python_and_templates_elide_in_catalan_only():
    with translation.override("ca"):
        assert gettext("The path of %(player)s") % {"player": "Anna"} == "El camí d'Anna"
        assert gettext("The path of %(player)s") % {"player": "Berta"} == "El camí de Berta"
        lazy = gettext_lazy("The path of %(player)s")
        assert str(lazy % {"player": "Hug"}) == "El camí d'Hug"
        page = Template(
            "{% load i18n %}{% blocktranslate with player=name %}The path of {{ player }}"
            "{% endblocktranslate %}"
        )
        assert page.render(Context({"name": "Èric"})) == "El camí d'Èric"
    with translation.override("es"):
        assert gettext("The path of %(player)s") % {"player": "Anna"} == "El recorrido de Anna"
