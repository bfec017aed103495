"""Pure parsers of what benchmark tools print: text in, run documents and warnings out.

No I/O and no CLI: the collectors' `cryptobench parse ...` and the server's
`POST /api/v1/imports` (and `cryptobench-server import`) call the same functions.
"""
