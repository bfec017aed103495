"""The one exception of the parsers: the text is not what it should be (names file and line)."""


class ParseError(ValueError):
    """Bad input: `path` (a file name or what the text came from) and the 1-based `line`."""

    def __init__(self, path: object, line: int | None, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.message = message
        where = self.path if line is None else f"{self.path}:{line}"
        super().__init__(f"{where}: {message}")
