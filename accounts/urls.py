"""Account pages (Django's own sign-in pages are included after these in config/urls.py)."""

from django.urls import path

from . import views

app_name = "accounts"

urlpatterns = [
    path("tokens/", views.api_tokens, name="tokens"),
]
