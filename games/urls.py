from .urls_chouette import urlpatterns as chouette_patterns
from .urls_match import urlpatterns as match_patterns

app_name = "games"

urlpatterns = match_patterns + chouette_patterns
