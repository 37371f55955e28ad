import subprocess

from setuptools import setup
from setuptools.command.install import install


class PostInstall(install):
    def run(self):
        install.run(self)
        # ruleid: ST-INSTALL-PY
        subprocess.check_call(["python", "-m", "compileall", "helper"])


setup(name="file-helper", version="1.2.0", packages=["helper"], cmdclass={"install": PostInstall})
