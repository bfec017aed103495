"""CryptoBench agent: run or parse benchmarks, build run documents, upload them or keep them spooled."""
