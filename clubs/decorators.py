"""View decorators around the permission gates."""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied


def login_if_anonymous(view):
    """For pages that some clubs make public: a gate's refusal sends an anonymous visitor
    to the login page (they may be a member), and answers 403 to a signed-in user."""

    @wraps(view)
    def run(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except PermissionDenied:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            raise

    return run
