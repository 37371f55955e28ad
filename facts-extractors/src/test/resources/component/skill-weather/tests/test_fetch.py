import subprocess


def test_cli_runs():
    subprocess.run("python3 scripts/fetch.py Paris", shell=True, check=False)
