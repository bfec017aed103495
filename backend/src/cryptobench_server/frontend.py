"""Serve the built single-page UI at / (index.html for client-side routes)."""

from pathlib import Path

from fastapi import FastAPI, HTTPException
from fastapi.responses import FileResponse, HTMLResponse

_NO_UI = """<!doctype html><title>CryptoBench</title>
<h1>CryptoBench API</h1><p>The UI is not built (run <code>make dashboard</code>).
API documentation: <a href="/docs">/docs</a>.</p>"""


def mount_frontend(app: FastAPI, dist: Path) -> None:
    root = dist.resolve()

    @app.get("/{path:path}", include_in_schema=False)
    def spa(path: str):
        if path.startswith("api/"):
            raise HTTPException(status_code=404, detail="Not found")
        index = root / "index.html"
        if not index.is_file():
            return HTMLResponse(_NO_UI)
        candidate = (root / path).resolve()
        if path and candidate.is_file() and candidate.is_relative_to(root):
            return FileResponse(candidate)
        return FileResponse(index, headers={"Cache-Control": "no-cache"})
