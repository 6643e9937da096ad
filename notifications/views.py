"""The signed-in user's notifications and which kinds they get."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from notifications import selectors, services
from notifications.forms import KindsForm


@login_required
@require_http_methods(["GET", "POST"])
def notifications_page(request):
    if request.method == "POST":
        if request.POST.get("action") == "read":
            services.notifications_read(user=request.user)
            return redirect("notifications:list")
        form = KindsForm(request.POST)
        if form.is_valid():
            services.notification_kinds_set(user=request.user,
                                            enabled=form.cleaned_data["kinds"])
            messages.success(request, gettext("Saved."))
            return redirect("notifications:list")
    else:
        form = KindsForm(initial={"kinds": sorted(selectors.kinds_enabled(user=request.user))})
    page = Paginator(selectors.notification_list(user=request.user), 30).get_page(
        request.GET.get("page"))
    return render(request, "notifications/list.html", {"page": page, "form": form},
                  status=400 if form.errors else 200)
