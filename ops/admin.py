from django.contrib import admin

from .models import WorkerHeartbeat


@admin.register(WorkerHeartbeat)
class WorkerHeartbeatAdmin(admin.ModelAdmin):
    list_display = ["token", "requested_at", "processed_at", "worker"]
    readonly_fields = ["token", "requested_at", "processed_at", "worker"]
