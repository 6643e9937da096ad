from django.urls import path

from . import views

app_name = "notifications"

urlpatterns = [
    path("accounts/notifications/", views.notifications_page, name="list"),
]
