"""Federation pages: the list, a federation (its clubs, officers and policy) with the
buttons of the people who may press them: a club's admins apply and leave, the
federation's admins accept and refuse (the gates decide; the services write)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from clubs.models import Club
from clubs.permissions import club_for_admin
from config.refusals import Forbidden, Refusal
from federations import selectors, services
from federations.permissions import (
    federation_for_admin,
    federation_for_viewer,
    is_federation_admin,
)


def federation_list(request):
    return render(request, "federations/public/list.html",
                  {"federations": selectors.federation_list()})


def federation_detail(request, slug: str):
    federation_for_viewer(slug=slug)  # a 404 for a federation that is not there
    federation = selectors.federation_get(slug=slug)
    links = list(federation.club_links.all())
    return render(request, "federations/public/detail.html", {
        "federation": federation,
        "members": [link for link in links if link.status == "member"],
        "applied": [link for link in links if link.status == "applied"],
        "past": [link for link in links if link.status == "left"],
        "officers": list(federation.roles.all()),
        "policy": selectors.federation_policy(federation),
        "is_admin": is_federation_admin(user=request.user, federation=federation),
        "my_clubs": selectors.clubs_user_admins(user=request.user),
        "may_apply": selectors.clubs_for_application(user=request.user,
                                                     federation=federation),
    })


def _done(request, slug: str, write, success: str):
    try:
        write()
    except Refusal as exc:
        if isinstance(exc, Forbidden):
            raise
        messages.error(request, str(exc))
    else:
        messages.success(request, success)
    return redirect("federations:detail", slug=slug)


@login_required
@require_POST
def federation_apply(request, slug: str):
    federation = federation_for_viewer(slug=slug)
    club = club_for_admin(user=request.user, slug=request.POST.get("club", ""))
    return _done(request, slug, lambda: services.federation_club_apply(
        federation=federation, club=club, actor=request.user),
        gettext("%(club)s applied to %(federation)s.") % {"club": club.name,
                                                          "federation": federation.name})


@login_required
@require_POST
def federation_club_decide(request, slug: str, club: str, decision: str):
    if decision == "leave":
        federation = federation_for_viewer(slug=slug)
        member = club_for_admin(user=request.user, slug=club)
        write, done = services.federation_club_leave, gettext("%(club)s left %(federation)s.")
    else:
        federation = federation_for_admin(user=request.user, slug=slug)
        member = get_object_or_404(Club, slug=club)
        write, done = {
            "accept": (services.federation_club_accept,
                       gettext("%(club)s is a member of %(federation)s.")),
            "refuse": (services.federation_club_refuse,
                       gettext("%(club)s's application was refused.")),
        }[decision]
    return _done(request, slug, lambda: write(federation=federation, club=member,
                                              actor=request.user),
                 done % {"club": member.name, "federation": federation.name})


@login_required
def federation_audit(request, slug: str):
    """The federation's audit log: its admins only (each federation's own entries)."""
    federation = federation_for_admin(user=request.user, slug=slug)
    return render(request, "federations/manage/audit.html", {
        "federation": federation,
        "entries": selectors.federation_audit(federation=federation),
        "shown": selectors.AUDIT_SHOWN})
