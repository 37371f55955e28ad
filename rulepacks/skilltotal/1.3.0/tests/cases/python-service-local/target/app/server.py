from flask import Flask

app = Flask(__name__)

# Deployment note: put a proxy in front rather than binding to 0.0.0.0 here.
# Status reports once went to https://webhook.site for debugging; that is gone.

if __name__ == "__main__":
    # ok: ST-EXPOSE-BIND, ST-EXPOSE-DEBUG
    app.run(host="127.0.0.1", port=8080, debug=False)
