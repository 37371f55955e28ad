from ioc_matcher import matches

FEED = ["91.92.242.30", "download.setup-service.com", "glot.io/snippets/hfd3x9ueu5"]


def test_finds_known_host():
    assert matches("GET https://download.setup-service.com/x", FEED) == ["download.setup-service.com"]
