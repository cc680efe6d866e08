"""The site's addresses."""

from django.contrib import admin
from django.urls import include, path

from .views import api, public

urlpatterns = [
    path("", public.home, name="home"),
    path("seasons/<int:year>/", public.season, name="season"),
    path("tournaments/<int:pk>/", public.tournament, name="tournament"),
    path("matches/<int:pk>/", public.match, name="match"),
    path("players/<int:pk>/", public.player, name="player"),
    path("api/tournaments/", api.tournaments, name="api-tournaments"),
    path("api/tournaments/<int:pk>/", api.tournament, name="api-tournament"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
