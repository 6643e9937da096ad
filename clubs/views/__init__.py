"""Club pages: public (clubs, members) and manage (a club admin's own club only)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST

from clubs import selectors, services
from clubs.forms import PlayerJoinForm, RoleForm
from clubs.models import Membership
from clubs.permissions import club_for_admin, club_for_viewer, is_club_admin
from config.languages import language_choices, language_known
from ops.pagecache import cached_page


def home(request):
    return render(request, "clubs/public/home.html", {"clubs": selectors.club_list()})


#: Members per page of the club page and the manage page (a club may have hundreds).
MEMBERS_PER_PAGE = 50


def _members_page(request, club):
    """A page of the club's members, those whose name holds ``?q=`` when given."""
    search = request.GET.get("q", "").replace("\x00", "").strip()[:60]  # PostgreSQL: no NUL
    members = selectors.club_members(club=club, search=search)
    # get_page: a missing or non-numeric page is the first, one past the end the last.
    return search, Paginator(members, MEMBERS_PER_PAGE).get_page(request.GET.get("page"))


def club_detail(request, slug: str):
    club = club_for_viewer(user=request.user, slug=slug)
    can_manage = is_club_admin(user=request.user, club=club)

    def build():
        search, page = _members_page(request, club)
        return "clubs/public/club_detail.html", {
            "club": club, "members": page.object_list, "page": page, "q": search,
            "can_manage": can_manage}

    # The members change only with a membership or a rename: the club's stamp moves then.
    return cached_page(request, club, f"club:{can_manage}", build)


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
            messages.success(request, gettext("%(name)s joined %(club)s.")
                             % {"name": form.cleaned_data["name"], "club": club})
            return redirect("clubs:manage", slug=club.slug)

    def build():
        search, page = _members_page(request, club)
        return "clubs/manage/members.html", {
            "club": club, "members": page.object_list, "page": page, "q": search,
            "form": form, "roles": Membership.Role.choices, "languages": club_languages()}

    # A form with errors is this request's own; the empty one is cached with the members.
    return cached_page(request, club, None if form.is_bound else "manage", build)


@login_required
@require_POST
def membership_role(request, slug: str, membership_id: int):
    club = club_for_admin(user=request.user, slug=slug)
    membership = get_object_or_404(Membership, pk=membership_id, club=club)
    form = RoleForm(request.POST)
    if form.is_valid():
        _apply(request, services.membership_set_role, membership=membership,
               role=form.cleaned_data["role"], actor=request.user,
               done=gettext("%(player)s's role changed.") % {"player": membership.player})
    else:
        messages.error(request, gettext("Choose a valid role."))
    return redirect("clubs:manage", slug=club.slug)


@login_required
@require_POST
def membership_remove(request, slug: str, membership_id: int):
    club = club_for_admin(user=request.user, slug=slug)
    membership = get_object_or_404(Membership, pk=membership_id, club=club)
    _apply(request, services.membership_end, membership=membership, actor=request.user,
           done=gettext("%(player)s left %(club)s.") % {"player": membership.player,
                                                        "club": club})
    return redirect("clubs:manage", slug=club.slug)


def _apply(request, service, *, done: str, **kwargs) -> None:
    try:
        service(**kwargs)
    except services.MembershipError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, done)


def club_languages() -> list[tuple[str, str]]:
    """The club's language choices (blank first: no language of its own)."""
    return language_choices(gettext_lazy("Each visitor's browser decides"))


@login_required
@require_POST
def club_language(request, slug: str):
    club = club_for_admin(user=request.user, slug=slug)
    language = request.POST.get("language", "")
    # Said in the language of the page it is shown on: the club's new one, unless the
    # admin chose their own (the middleware's rule).
    if not getattr(request, "language_chosen", False) and not language:
        language = translation.get_language_from_request(request)
    elif getattr(request, "language_chosen", False) or not language_known(language):
        language = translation.get_language()
    with translation.override(language):
        done = gettext("The club's language is saved.")
    _apply(request, services.club_language_set, club=club,
           language=request.POST.get("language", ""), done=done)
    return redirect("clubs:manage", slug=club.slug)
