"""Password reset: the mail, made after the answer (``accounts.views.after_answer``)."""

from allauth.core import context as allauth_context


def password_reset_mail(*, request, form) -> None:
    """Look the reset form's address up and queue the reset mail to the login holding it
    (none to an unknown address), through the outbox, as allauth's form does. Run after
    the answer, so the answer's time does not tell whether the address has a login."""
    with allauth_context.request_context(request):  # the adapter's send_mail reads it
        form.save(request)
