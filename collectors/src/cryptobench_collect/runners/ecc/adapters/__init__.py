"""The libraries `cryptobench run ecc` knows, in table order, and how each is loaded.

An adapter module imports its library at import time; when that fails the library is reported
as not installed, with the command that installs it.
"""

import importlib
from dataclasses import dataclass

from cryptobench_collect.runners.ecc.adapters.base import Library

_PACKAGE = "cryptobench_collect.runners.ecc.adapters"

#: name -> (adapter module, class, install command)
REGISTRY: dict[str, tuple[str, str, str]] = {
    "ecpy": ("ecpy_lib", "Ecpy", "pip install ECPy"),
    "reference-affine": ("reference", "ReferenceAffine", "(built in)"),
    "reference-jacobian": ("reference", "ReferenceJacobian", "(built in)"),
    "ecdsa": ("ecdsa_lib", "Ecdsa", "pip install ecdsa"),
    "coincurve": ("coincurve_lib", "Coincurve", "pip install coincurve"),
    "cryptography": ("cryptography_lib", "Cryptography", "pip install cryptography"),
    "fastecdsa": ("fastecdsa_lib", "Fastecdsa", "pip install fastecdsa"),
}
LIBRARY_NAMES = tuple(REGISTRY)


@dataclass(frozen=True)
class NotInstalled:
    name: str
    install: str
    reason: str


def load(name: str) -> Library | NotInstalled:
    module_name, class_name, install = REGISTRY[name]
    try:
        module = importlib.import_module(f"{_PACKAGE}.{module_name}")
    except ImportError as exc:
        return NotInstalled(name, install, str(exc))
    library: Library = getattr(module, class_name)()
    return library
