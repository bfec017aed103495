"""CryptoBench service."""
