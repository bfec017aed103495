"""/docs (Swagger UI) and /redoc from packaged assets: no CDN, so they work on a machine without
outside network (FastAPI's own pages load their scripts, CSS, favicon and fonts from CDNs).

The assets are those of the `fastapi-offline` package (Swagger UI 5 and ReDoc 2 bundles, pinned
in pyproject.toml), served at ASSETS; the pages are FastAPI's, pointed at them (FastAPI's
"Custom Docs UI Static Assets" recipe).
"""

from importlib.resources import files
from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import (
    get_redoc_html,
    get_swagger_ui_html,
    get_swagger_ui_oauth2_redirect_html,
)
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

ASSETS = "/docs-assets"
#: The pages may load only from this server: ReDoc's sidebar logo (an <img> from its CDN, hidden
#: when it fails) is not even requested, and nothing else can slip in. The pages' own start-up
#: scripts are inline; ReDoc draws with inline styles and runs its search in a blob: worker.
POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'"
)
_FILES = Path(str(files("fastapi_offline") / "static"))


def install_docs(app: FastAPI) -> None:
    """Serve /docs, its OAuth2 redirect and /redoc from ASSETS (the app is made with
    docs_url=None, redoc_url=None)."""
    app.mount(ASSETS, StaticFiles(directory=_FILES), name="docs-assets")
    openapi_url = app.openapi_url or "/openapi.json"
    redirect_url = app.swagger_ui_oauth2_redirect_url
    # the pages close over these values, never over `app`: FastAPI keeps every endpoint in a
    # module-level cache (4,096 entries), and an endpoint holding its app would keep the app, its
    # engine and the engine's statement cache alive long after the app is gone
    title = f"{app.title} API"

    @app.get("/docs", include_in_schema=False)
    def swagger_ui() -> HTMLResponse:
        return _own_only(
            get_swagger_ui_html(
                openapi_url=openapi_url,
                title=title,
                oauth2_redirect_url=redirect_url,
                swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js",
                swagger_css_url=f"{ASSETS}/swagger-ui.css",
                swagger_favicon_url=f"{ASSETS}/favicon.png",
            )
        )

    if redirect_url:

        @app.get(redirect_url, include_in_schema=False)
        def swagger_ui_redirect() -> HTMLResponse:
            return get_swagger_ui_oauth2_redirect_html()

    @app.get("/redoc", include_in_schema=False)
    def redoc() -> HTMLResponse:
        return _own_only(
            get_redoc_html(
                openapi_url=openapi_url,
                title=title,
                redoc_js_url=f"{ASSETS}/redoc.standalone.js",
                redoc_favicon_url=f"{ASSETS}/favicon.png",
                with_google_fonts=False,
            )
        )


def _own_only(page: HTMLResponse) -> HTMLResponse:
    page.headers["Content-Security-Policy"] = POLICY
    return page
