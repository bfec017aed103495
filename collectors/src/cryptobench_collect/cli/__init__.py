"""The `cryptobench` command line: thin commands over the library modules."""
