from text_clean import clean


def test_removes_zero_width():
    assert clean("a​b‮c") == "abc"
