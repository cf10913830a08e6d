import pytest

from tests.league.factories import make_night, make_player


@pytest.fixture
def night(db):
    return make_night()


@pytest.fixture
def anna(db):
    return make_player("Anna Berger")


@pytest.fixture
def ben(db):
    return make_player("Ben Schuster", nickname="Benny")


@pytest.fixture(autouse=True)
def english_client(client):
    """These tests read English messages; the language tests ask for German themselves."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client
