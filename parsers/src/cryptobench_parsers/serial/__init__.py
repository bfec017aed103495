"""Board consoles: the CryptoBench firmware's line protocol, seed 002's lines, Mbed TLS and wolfSSL logs."""
