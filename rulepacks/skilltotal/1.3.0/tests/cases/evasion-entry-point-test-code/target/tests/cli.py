import os


def main():
    # ruleid: ST-SHELL-PY
    os.system("echo installed")
