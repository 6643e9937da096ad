"""Admin scoping: a staff club admin or referee sees and changes only their own clubs.

``club_path`` names the lookup from the model to its club ("" for Club itself).
Superusers see everything.
"""

from django.contrib import admin
from django.contrib.admin.utils import get_fields_from_path

from .permissions import clubs_administered, clubs_refereed


class _RelatedOnlyFilter(admin.RelatedOnlyFieldListFilter):
    def has_output(self):
        # Shown (and so applied) even with one choice: Django drops a filter without output
        # and then ignores its parameter, which would turn "rows of that club" into "all".
        return True


class ScopedListFilters:
    """Sidebar filters on a relation offer only the related rows of the user's own list.

    Django's default filter lists every row of the related table: any club's staff would
    see the names of every club and the dates of every club's chouette evenings."""

    def get_list_filter(self, request):
        filters = super().get_list_filter(request)
        if request.user.is_superuser:
            return filters
        return [self._related_only(spec) for spec in filters]

    def _related_only(self, spec):
        if isinstance(spec, str) and get_fields_from_path(self.model, spec)[-1].is_relation:
            return (spec, _RelatedOnlyFilter)
        return spec


class ClubScopedAdmin(ScopedListFilters, admin.ModelAdmin):
    club_path: str = "club"
    #: "admin": only the club's admins may change rows; "referee": referees too.
    scope_role: str = "admin"

    def _clubs(self, request):
        if self.scope_role == "referee":
            return clubs_refereed(user=request.user)
        return clubs_administered(user=request.user)

    def _club_filter(self, request) -> dict:
        key = f"{self.club_path}__in" if self.club_path else "pk__in"
        return {key: self._clubs(request)}

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        return queryset.filter(**self._club_filter(request))

    def _owns(self, request, obj) -> bool:
        if obj is None or request.user.is_superuser:
            return True
        return type(obj).objects.filter(pk=obj.pk, **self._club_filter(request)).exists()

    def has_view_permission(self, request, obj=None):
        return super().has_view_permission(request, obj) and self._owns(request, obj)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and self._owns(request, obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and self._owns(request, obj)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "club" and not request.user.is_superuser:
            kwargs["queryset"] = self._clubs(request)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class ReadOnlyClubScopedAdmin(ClubScopedAdmin):
    """Rows the club's referees (and admins) read but nobody adds, changes or deletes here:
    append-only money rows, and rows that change only through their services."""

    scope_role = "referee"

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyClubAdminScopedAdmin(ReadOnlyClubScopedAdmin):
    """Read-only rows for the club's admins alone (not its referees): what was uploaded
    (imports, zips of match files) and printed; they change through their pages."""

    scope_role = "admin"
