"""Account pages: the login form with a rate limit, and the API token page."""

import math

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import LoginView
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from accounts import selectors, services
from accounts.throttling import LoginAddressThrottle, LoginThrottle


class ThrottledLoginView(LoginView):
    """Django's login view; past the limit a POST gets a 429 page saying when to retry.

    Every POST counts (a success too): the limits are far above what a person types.
    """

    throttle_classes = (LoginThrottle, LoginAddressThrottle)

    def post(self, request, *args, **kwargs):
        for throttle_class in self.throttle_classes:
            throttle = throttle_class()
            if not throttle.allow_request(request, self):
                return self.throttled(request, throttle.wait())
        return super().post(request, *args, **kwargs)

    def throttled(self, request, wait: float | None):
        seconds = max(1, math.ceil(wait or 1))
        response = render(request, "registration/login_throttled.html",
                          {"seconds": seconds}, status=429)
        response["Retry-After"] = str(seconds)
        return response


@login_required
@require_http_methods(["GET", "POST"])
def api_tokens(request):
    """The signed-in user's API token: create (or replace) it, or revoke it."""
    if request.method == "POST":
        if request.POST.get("action") == "revoke":
            if services.api_token_revoke(user=request.user):
                messages.success(request, "Token revoked: clients using it now get 401.")
            else:
                messages.error(request, "There was no token to revoke.")
        else:
            services.api_token_create(user=request.user)
            messages.success(request, "New token created. Any older token no longer works.")
        return redirect("accounts:tokens")
    return render(request, "accounts/tokens.html",
                  {"token": selectors.api_token_get(user=request.user)})
