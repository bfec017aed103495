"""The Go toolchain's benchmark outputs: `go test -bench` lines and benchstat's comparison tables."""
