"""Security headers on every answer (ASGI middleware): the built UI and the API may load only
from this server, cannot be framed, and no content type is sniffed.

POLICY is what the built UI needs and nothing more: its scripts and stylesheets are files of
this server; Plotly sets inline styles (`style-src 'unsafe-inline'`) and its PNG/SVG download
draws through data: and blob: images; the UI's CSV and image exports are blob: links. A page that
sets a policy of its own (/docs and /redoc, apidocs.py) keeps it.
"""

from starlette.types import ASGIApp, Message, Receive, Scope, Send

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; "
    "worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; "
    "frame-ancestors 'none'"
)
HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
)
_CSP = b"content-security-policy"


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {name.lower() for name, _ in headers}
                headers += [(name, value) for name, value in HEADERS if name not in names]
                if _CSP not in names:
                    headers.append((_CSP, POLICY.encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)
