"""/docs and /redoc load nothing from outside the server: every script, stylesheet and icon
they name is served by it (the Chromium check with outside network blocked is
frontend/e2e/person.spec.mjs)."""

import re

import pytest

REFERENCE = re.compile(r"""(?:src|href|spec-url)=["']([^"']+)["']|url:\s*'([^']+)'""")


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
def test_the_api_docs_name_only_assets_the_server_serves(client, page):
    response = client.get(page)
    assert response.status_code == 200
    html = response.text
    assert "fonts.googleapis" not in html and "cdn." not in html
    assert "default-src 'self'" in response.headers["content-security-policy"]
    references = [a or b for a, b in REFERENCE.findall(html)]
    assert "/openapi.json" in references, html
    for reference in references:
        assert reference.startswith("/") and not reference.startswith("//"), reference
        served = client.get(reference)
        assert served.status_code == 200, reference
        assert served.content, reference
