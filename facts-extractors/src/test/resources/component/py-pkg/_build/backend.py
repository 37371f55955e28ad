from setuptools import build_meta as _orig

build_wheel = _orig.build_wheel
build_sdist = _orig.build_sdist
