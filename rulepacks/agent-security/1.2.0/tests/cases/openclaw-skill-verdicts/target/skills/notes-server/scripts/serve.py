import subprocess

from flask import Flask

app = Flask(__name__)


@app.route("/")
def index():
    return subprocess.run(["ls", "notes"], capture_output=True, text=True).stdout


if __name__ == "__main__":
    app.run(host="0.0.0.0", port=8000)
