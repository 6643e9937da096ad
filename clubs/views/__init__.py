"""Club pages: public (clubs, members) and manage (a club admin's own club only)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from clubs import selectors, services
from clubs.forms import PlayerJoinForm, RoleForm
from clubs.models import Club, Membership
from clubs.permissions import club_for_admin, is_club_admin


def home(request):
    return render(request, "clubs/public/home.html", {"clubs": selectors.club_list()})


def club_detail(request, slug: str):
    club = get_object_or_404(Club, slug=slug)
    return render(request, "clubs/public/club_detail.html", {
        "club": club,
        "members": selectors.club_members(club=club),
        "can_manage": is_club_admin(user=request.user, club=club),
    })


@login_required
def club_manage(request, slug: str):
    club = club_for_admin(user=request.user, slug=slug)
    form = PlayerJoinForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.player_join(club=club, **form.cleaned_data)
        except services.MembershipError as exc:
            form.add_error("name", str(exc))
        else:
            messages.success(request, f"{form.cleaned_data['name']} joined {club}.")
            return redirect("clubs:manage", slug=club.slug)
    return render(request, "clubs/manage/members.html", {
        "club": club, "members": selectors.club_members(club=club), "form": form,
        "roles": Membership.Role.choices,
    })


@login_required
@require_POST
def membership_role(request, slug: str, membership_id: int):
    club = club_for_admin(user=request.user, slug=slug)
    membership = get_object_or_404(Membership, pk=membership_id, club=club)
    form = RoleForm(request.POST)
    if form.is_valid():
        _apply(request, services.membership_set_role, membership=membership,
               role=form.cleaned_data["role"], actor=request.user,
               done=f"{membership.player}'s role changed.")
    else:
        messages.error(request, "Choose a valid role.")
    return redirect("clubs:manage", slug=club.slug)


@login_required
@require_POST
def membership_remove(request, slug: str, membership_id: int):
    club = club_for_admin(user=request.user, slug=slug)
    membership = get_object_or_404(Membership, pk=membership_id, club=club)
    _apply(request, services.membership_end, membership=membership, actor=request.user,
           done=f"{membership.player} left {club}.")
    return redirect("clubs:manage", slug=club.slug)


def _apply(request, service, *, done: str, **kwargs) -> None:
    try:
        service(**kwargs)
    except services.MembershipError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, done)
