"""Account pages: sign-in and password reset (allauth's) with a rate limit, API tokens, invitations
(accepting one; a club admin's list) and a club's outbox."""

import logging
import math
from functools import partial

from allauth.account.views import LoginView, PasswordResetView
from allauth.core import ratelimit
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpResponseBadRequest, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from accounts import selectors, services
from accounts.forms import (
    AccountCloseForm,
    ClubForm,
    DeferredResetPasswordForm,
    InviteForm,
    InviteManyForm,
    JoinRequestForm,
    LanguageForm,
    NewLoginForm,
)
from accounts.middleware import club_page
from accounts.models import Invitation, JoinRequest
from accounts.services import closing, invitations, passwords
from accounts.services import clubs as clubs_service
from accounts.services.language import account_language, account_language_set
from accounts.throttling import LoginAddressThrottle, LoginThrottle, PasswordResetThrottle
from clubs.models import Club
from clubs.permissions import club_for_admin, club_players

log = logging.getLogger(__name__)


def _throttled(request, view, throttle_classes):
    """A 429 page saying when to retry if a POST is past one of the limits, else None."""
    for throttle_class in throttle_classes:
        throttle = throttle_class()
        if not throttle.allow_request(request, view):
            seconds = max(1, math.ceil(throttle.wait() or 1))
            response = render(request, "registration/login_throttled.html",
                              {"seconds": seconds}, status=429)
            response["Retry-After"] = str(seconds)
            return response
    return None


class _ThrottledPost:
    """A POST past the limit gets a 429 page saying when to retry (every POST counts)."""

    throttle_classes = ()

    def post(self, request, *args, **kwargs):
        return _throttled(request, self, self.throttle_classes) or \
            super().post(request, *args, **kwargs)


class ThrottledLoginView(_ThrottledPost, LoginView):
    """allauth's sign-in (username or email, then the second factor when the login has
    one), rate-limited per address and login and per address."""

    throttle_classes = (LoginThrottle, LoginAddressThrottle)


def after_answer(response, work):
    """``work`` done once ``response`` has gone to the client: the WSGI or ASGI server
    closes a response after writing it, and Django runs its closers then (the test client
    too). (``_resource_closers`` is Django's list for that, private but there since 3.0.)
    A failure is logged: the answer is gone already."""
    def run():
        try:
            work()
        except Exception:
            log.exception("the work after the answer to %s failed", response)
    response._resource_closers.append(run)
    return response


class ThrottledPasswordResetView(_ThrottledPost, PasswordResetView):
    """allauth's reset request, rate-limited like the login. The same answer, after the
    same work, whether the address is known or not: the address is looked up and the mail
    (to a known one only, through the outbox) made after the answer (issue 25.6)."""

    throttle_classes = (PasswordResetThrottle, LoginAddressThrottle)

    def get_form_class(self):
        return DeferredResetPasswordForm

    def form_valid(self, form):
        # allauth's own form_valid, with its save moved after the answer.
        r429 = ratelimit.consume_or_429(self.request, action="reset_password",
                                        key=form.cleaned_data["email"])
        if r429:
            return r429
        return after_answer(super(PasswordResetView, self).form_valid(form),
                            partial(passwords.password_reset_mail, request=self.request,
                                    form=form))


@login_required
@require_http_methods(["GET", "POST"])
def api_tokens(request):
    """The signed-in user's API token: create (or replace) it, or revoke it."""
    if request.method == "POST":
        if request.POST.get("action") == "revoke":
            if services.api_token_revoke(user=request.user):
                messages.success(request, gettext("Token revoked: clients using it now get 401."))
            else:
                messages.error(request, gettext("There was no token to revoke."))
        else:
            services.api_token_create(user=request.user)
            messages.success(request, gettext("New token created. Any older token no longer "
                                              "works."))
        return redirect("accounts:tokens")
    return render(request, "accounts/tokens.html",
                  {"token": selectors.api_token_get(user=request.user)})


# --------------------------------------------------------------------------- invitations


@require_http_methods(["GET", "POST"])
def invitation_accept(request, token: str):
    """The invitation link. It belongs to its address: a login that holds the address
    (verified) accepts with a button; another signed-in login is told whose it is and may
    sign out. Signed out, someone new chooses a username and a password; when a login holds
    the address already, its holder signs in first (password, then second factor: the link
    alone signs nobody in, as it may have been forwarded) and comes back to accept."""
    try:
        invitation = invitations.invitation_for_token(token=token)
    except invitations.InvitationInvalid as exc:
        return render(request, "accounts/invitation_invalid.html", {"reason": str(exc)},
                      status=410)
    club_page(request, slug=invitation.club.slug)  # the language its mail was written in
    user = request.user
    mine = user.is_authenticated and selectors.holds_verified_address(
        user=user, email=invitation.email)
    held = not user.is_authenticated and selectors.login_with_verified_address(
        email=invitation.email) is not None
    form = None if user.is_authenticated or held else NewLoginForm(request.POST or None)
    status = 200
    if request.method == "POST":
        membership = None
        try:
            if user.is_authenticated:
                membership = invitations.invitation_accept(token=token, user=user)
            elif held:
                messages.error(request, gettext("Sign in first, then accept."))
                status = 403
            elif form.is_valid():
                new_user, membership = invitations.invitation_accept_new_user(
                    token=token, username=form.cleaned_data["username"],
                    password=form.cleaned_data["password1"])
                login(request, new_user)
        except invitations.InvitationInvalid as exc:
            return render(request, "accounts/invitation_invalid.html", {"reason": str(exc)},
                          status=410)
        except invitations.InvitationNotYours as exc:
            messages.error(request, str(exc))
            status = 403
        except invitations.InvitationError as exc:
            messages.error(request, str(exc))
        if membership is not None:
            messages.success(request, gettext("Welcome to %(club)s, %(name)s.") % {
                "club": membership.club, "name": membership.player.name})
            return redirect(membership.club.get_absolute_url())
        if form is not None and form.errors:
            status = 400
    return render(request, "accounts/invitation_accept.html", {
        "invitation": invitation, "form": form, "mine": mine, "held": held,
        "login_url": f"{reverse('account_login')}?next={request.path}"}, status=status)


def _site_url(request) -> str:
    return request.build_absolute_uri("/")


@login_required
@require_http_methods(["GET", "POST"])
def club_invitations(request, slug: str):
    """A club admin's invitations: invite one or many, resend, revoke."""
    club = club_for_admin(user=request.user, slug=slug)
    members = selectors.members_without_login(club=club)
    one = InviteForm(request.POST if request.POST.get("form") == "one" else None,
                     members=members, prefix="one")
    many = InviteManyForm(request.POST if request.POST.get("form") == "many" else None,
                          prefix="many")
    if request.method == "POST":
        if request.POST.get("form") == "one" and one.is_valid():
            data = one.cleaned_data
            try:
                player = club_players(club=club, players=[data["player"]],
                                      error=invitations.InvitationError)[0] \
                    if data["player"] else None
                invitations.invitation_create(
                    club=club, email=data["email"], role=data["role"],
                    player=player, name=data["name"],
                    invited_by=request.user, site_url=_site_url(request))
            except invitations.InvitationError as exc:
                one.add_error(None, str(exc))
            else:
                messages.success(request, gettext("Invitation sent to %(email)s.")
                                 % {"email": data["email"]})
                return redirect("accounts:club-invitations", slug=club.slug)
        elif request.POST.get("form") == "many" and many.is_valid():
            sent, errors = invitations.invitations_create_many(
                club=club, lines=many.cleaned_data["lines"], role=many.cleaned_data["role"],
                invited_by=request.user, site_url=_site_url(request))
            if sent:
                messages.success(request, ngettext("%(count)s invitation sent.",
                                                  "%(count)s invitations sent.", len(sent))
                                 % {"count": len(sent)})
            for error in errors:
                messages.error(request, error)
            if not errors:
                return redirect("accounts:club-invitations", slug=club.slug)
    page = Paginator(selectors.invitation_list(club=club), 50).get_page(request.GET.get("page"))
    bad = request.method == "POST" and (one.errors or many.errors)
    return render(request, "accounts/manage/invitations.html", {
        "club": club, "one": one, "many": many, "page": page},
        status=400 if bad else 200)


@login_required
@require_POST
def club_invitation_action(request, slug: str, invitation_id: int, action: str):
    club = club_for_admin(user=request.user, slug=slug)
    invitation = get_object_or_404(Invitation, pk=invitation_id, club=club)
    try:
        if action == "resend":
            invitations.invitation_resend(invitation=invitation, site_url=_site_url(request))
            messages.success(request, gettext("Invitation sent again to %(email)s.")
                             % {"email": invitation.email})
        elif action == "revoke":
            invitations.invitation_revoke(invitation=invitation)
            messages.success(request, gettext("Invitation to %(email)s withdrawn.")
                             % {"email": invitation.email})
        else:
            raise Http404
    except invitations.InvitationError as exc:
        messages.error(request, str(exc))
    return redirect("accounts:club-invitations", slug=club.slug)


@login_required
def club_outbox(request, slug: str):
    """The club's mails: what was sent, what waits, what failed and why."""
    club = club_for_admin(user=request.user, slug=slug)
    page = Paginator(selectors.outbox_list(club=club), 50).get_page(request.GET.get("page"))
    return render(request, "accounts/manage/outbox.html", {"club": club, "page": page})


@login_required
def club_outbox_mail(request, slug: str, mail_id: int):
    """One of the club's mails as it was sent (its plain text; an invitation's link without
    its token): what a member was told, for the club's admins."""
    club = club_for_admin(user=request.user, slug=slug)
    mail, body = selectors.outbox_mail_get(club=club, mail_id=mail_id)
    return render(request, "accounts/manage/outbox_mail.html",
                  {"club": club, "mail": mail, "body": body})


# --------------------------------------------------------------------------- clubs


@login_required
@require_http_methods(["GET", "POST"])
def club_new(request):
    """Start a club: the founder becomes its admin."""
    if not clubs_service.club_creation_allowed(user=request.user):
        raise PermissionDenied(gettext("Only the site's staff may start a club here."))
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            club = clubs_service.club_found(user=request.user, **form.cleaned_data)
        except clubs_service.ClubSignupError as exc:
            form.add_error("name", str(exc))
        else:
            messages.success(request, gettext("%(club)s is open: invite its members.")
                             % {"club": club})
            return redirect("accounts:club-invitations", slug=club.slug)
    return render(request, "accounts/club_new.html", {"form": form},
                  status=400 if form.errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
def club_join(request, slug: str):
    """Ask to join a club that takes requests."""
    club = get_object_or_404(Club, slug=slug)
    form = JoinRequestForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            clubs_service.join_request_create(club=club, user=request.user, **form.cleaned_data)
        except clubs_service.ClubSignupError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, gettext("Your request to join %(club)s is with its "
                                              "admins.") % {"club": club})
        return redirect(club.get_absolute_url())
    return render(request, "accounts/club_join.html", {"club": club, "form": form},
                  status=400 if form.errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
def club_join_requests(request, slug: str):
    """A club admin's requests to join: approve or refuse; open or close the door."""
    club = club_for_admin(user=request.user, slug=slug)
    if request.method == "POST":
        action = request.POST.get("action")
        if action in ("open", "close"):
            clubs_service.club_join_requests_set(club=club, open_=action == "open")
            messages.success(request, gettext("Saved."))
        elif action in ("approve", "refuse"):
            join_request = get_object_or_404(JoinRequest, club=club,
                                             pk=_int(request.POST.get("request")))
            try:
                clubs_service.join_request_decide(request=join_request, by=request.user,
                                                  approve=action == "approve")
            except clubs_service.ClubSignupError as exc:
                messages.error(request, str(exc))
        else:
            return HttpResponseBadRequest(gettext("Unknown action."))
        return redirect("accounts:club-join-requests", slug=club.slug)
    page = Paginator(JoinRequest.objects.filter(club=club).select_related("user"), 50) \
        .get_page(request.GET.get("page"))
    return render(request, "accounts/manage/join_requests.html", {"club": club, "page": page})


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


# --------------------------------------------------------------------------- my data


@login_required
def my_data(request):
    """The signed-in login's own page: email, password, two-factor sign-in, their data to
    download, and closing the login."""
    return render(request, "accounts/my_data.html", _account_page(request, AccountCloseForm()))


def _account_page(request, form) -> dict:
    return {"form": form, "player": selectors.player_of(user=request.user),
            "two_factor_recommended": selectors.two_factor_recommended(user=request.user),
            "language_form": LanguageForm(
                initial={"language": account_language(user=request.user)})}


@login_required
@require_POST
def account_language_choose(request):
    """The login's language for its pages and mails (blank: the club's, else the
    browser's)."""
    form = LanguageForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Choose one of the site's languages."))
        return redirect("accounts:my-data")
    account_language_set(user=request.user, language=form.cleaned_data["language"],
                         session=request.session)
    language = form.cleaned_data["language"]
    with translation.override(language or translation.get_language()):
        messages.success(request, gettext("Your language is saved."))
    return redirect("accounts:my-data")


@login_required
def my_data_download(request):
    """What the site holds about the signed-in login, as a JSON file."""
    data = selectors.personal_data_export(user=request.user)
    response = JsonResponse(data, json_dumps_params={"indent": 2})
    response["Content-Disposition"] = \
        f'attachment; filename="my-data-{request.user.get_username()}.json"'
    return response


@login_required
@require_POST
def my_data_close(request):
    """Close the login (the password confirms, tried at the login's pace); the player's
    results stay."""
    if paused := _throttled(request, None, (LoginAddressThrottle,)):
        return paused
    form = AccountCloseForm(request.POST)
    if form.is_valid():
        try:
            closing.account_close(user=request.user, password=form.cleaned_data["password"],
                                  rename_player_to=form.cleaned_data["rename_player_to"])
        except closing.AccountCloseError as exc:
            form.add_error(exc.field, str(exc))
        else:
            logout(request)
            messages.success(request, gettext("Your login is closed. Your results stay in "
                                              "the clubs' tables."))
            return redirect("clubs:home")
    return render(request, "accounts/my_data.html", _account_page(request, form), status=400)
