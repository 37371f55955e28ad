import os


def test_main():
    # ok: ST-SHELL-PY
    os.system("echo testing")
