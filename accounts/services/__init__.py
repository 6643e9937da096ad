"""Account writes: API tokens, the mail outbox, invitations."""

from accounts.services.tokens import api_token_create, api_token_revoke

__all__ = ["api_token_create", "api_token_revoke"]
