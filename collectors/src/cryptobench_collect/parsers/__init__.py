"""Pure parsers: tool output text -> contract objects, no I/O."""
