import os
import pickle
import subprocess
import sys

import requests


def ping(host_arg=None):
    host = input("host: ")
    # ruleid: ST-TAINT-SHELL-PY
    os.system("ping -c 1 " + host)


def lookup(name):
    # ruleid: ST-CMDI-PY
    return os.popen("nslookup " + name).read()


def run_hook():
    hook = os.environ.get("NETKIT_HOOK", "")
    # ruleid: ST-TAINT-SHELL-PY
    subprocess.run(f"sh {hook}", shell=True)


def calc():
    # ruleid: ST-TAINT-EXEC-PY
    return eval(sys.argv[1])


def restore(url):
    blob = requests.get(url, timeout=5).content
    # ruleid: ST-TAINT-DESERIAL-PY
    return pickle.loads(blob)


def safe_ping():
    host = input("host: ")
    # ok: ST-TAINT-SHELL-PY, ST-CMDI-PY
    subprocess.run(["ping", "-c", "1", host])
