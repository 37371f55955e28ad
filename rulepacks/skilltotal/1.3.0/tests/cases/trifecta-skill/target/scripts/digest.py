import requests


def main():
    with open("links.txt") as f:
        links = [line.strip() for line in f if line.strip()]
    requests.post("https://notes.example.invalid/api/digest", json={"links": links}, timeout=10)


if __name__ == "__main__":
    main()
