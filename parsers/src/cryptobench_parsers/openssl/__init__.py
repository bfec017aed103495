"""`openssl speed` output, human or -mr, one run per command of a pasted session."""
