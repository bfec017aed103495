"""Version order: library and tool versions sort as versions, not as text.

`1.1.1g < 3.0.2 < 3.0.13 < 3.5.0`, `1.11.3 < 1.37`, `10.0 > 9.0`. A version is split into runs of
digits (compared as numbers) and runs of other characters (compared as lower-case text);
separators (`.`, `_`, `+`, space) only split. A pre-release marker after a hyphen or directly
after a number (`3.0.0-alpha1`, `3.0.0rc2`, `1.0-SNAPSHOT`) sorts before the release it
precedes (JDK `21-ea` < `21`), while other letters (OpenSSL's `1.1.1g`, a build suffix) sort
after the plain version. Values that are not
versions at all still get a total, stable order (as text after the numbers).
"""

import re

VersionKey = tuple[tuple[int, int, str], ...]
_TOKEN = re.compile(r"\d+|[a-z]+", re.IGNORECASE)
#: Words that mark a pre-release, earliest first. Single letters are not among them: OpenSSL's
#: `1.0.2a` is the release after `1.0.2`.
PRE_RELEASE = ("dev", "snapshot", "alpha", "beta", "pre", "preview", "rc", "cr", "ea")


def version_key(version: str | None) -> VersionKey:
    """A sort key: numbers compare as numbers, pre-releases before their release, None first."""
    if version is None:
        return ((-2, 0, ""),)
    parts: list[tuple[int, int, str]] = []
    for token in _TOKEN.findall(version):
        if token.isdigit():
            parts.append((1, int(token), ""))
        elif token.lower() in PRE_RELEASE:
            parts.append((-1, PRE_RELEASE.index(token.lower()), ""))
        else:
            parts.append((2, 0, token.lower()))
    # The end of a version sorts between a pre-release (-1) and a number or a letter release.
    parts.append((0, 0, ""))
    return (*parts, (3, 0, version))


#: The dimensions known to hold versions; any other whose name ends in VERSION_SUFFIX does too.
VERSION_DIMENSIONS = ("library_version", "param.provider_version")
VERSION_SUFFIX = "version"


def is_version_dimension(name: str) -> bool:
    """Dimensions whose values are versions: `library_version`, `param.provider_version`, ..."""
    return name.endswith(VERSION_SUFFIX)
