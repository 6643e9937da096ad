from .urls_match import urlpatterns

__all__ = ["urlpatterns"]
