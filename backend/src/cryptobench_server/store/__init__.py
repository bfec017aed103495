"""The write path: what an upload, an import or a deletion stores, and the read model it keeps."""
