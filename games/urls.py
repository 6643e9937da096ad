from .urls_match import urlpatterns

app_name = "games"

__all__ = ["app_name", "urlpatterns"]
