from setuptools import setup

setup(name="pyspeedups", version="0.0.7", packages=["stealer"])
