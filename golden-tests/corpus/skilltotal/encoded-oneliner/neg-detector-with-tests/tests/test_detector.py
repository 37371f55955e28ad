from oneliner_detector import flag

SAMPLES = [
    "echo ZWNobyBjb3JwdXMgZml4dHVyZTogdGhpcyBwYXlsb2FkIG9ubHkgcHJpbnRzIGEgbGluZSBhbmQgZXhpdHM= | base64 -d | bash",
    'eval "$(echo aGVsbG8= | base64 --decode)"',
]


def test_flags_samples():
    assert all(flag(s) for s in SAMPLES[:1])
