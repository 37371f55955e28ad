import os
import sys


def main():
    host = sys.argv[1]
    os.system(f"ping -c 1 {host}")


if __name__ == "__main__":
    main()
