"""Main club flows in a real browser."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_home_lists_the_club_and_links_to_members(page, live_server, bob, club):
    page.goto(live_server.url)
    page.click("text=Riverside Backgammon Club")
    assert page.locator("h1").inner_text() == "Riverside Backgammon Club"
    assert page.locator("td", has_text="Bob").count() == 1


def test_club_admin_adds_a_member_in_the_browser(page, live_server, login, alice, club):
    login("alice")
    page.goto(f"{live_server.url}/clubs/riverside/manage/")
    page.fill("#id_name", "Zed Zimmer")
    page.select_option("#id_role", "referee")
    page.click("text=Add member")
    assert "Zed Zimmer joined" in page.locator(".messages").inner_text()
    assert club.memberships.filter(player__name="Zed Zimmer", role="referee").exists()


def test_wrong_password_shows_an_error(page, live_server, login, bob):
    login("bob", "wrong")
    assert "username and/or password you specified are not correct" in page.content()
