from requests import *  # noqa: F401,F403
