import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/api/v1/private") {
      const ok = req.headers.authorization === "Bearer cbt_good";
      res.writeHead(ok ? 200 : 401, {
        "content-type": ok ? "application/json" : "application/problem+json",
      });
      res.end(
        ok
          ? '{"secret":1}'
          : JSON.stringify({ title: "Unauthorized", detail: "unknown or revoked API token" }),
      );
    } else if (req.url?.startsWith("/api/v1/chart")) {
      res.writeHead(422, { "content-type": "application/problem+json" });
      res.end(JSON.stringify({ title: "Unprocessable", detail: "unknown dimension 'bogus'" }));
    } else if (req.url === "/api/v1/html") {
      res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html>");
    } else {
      res.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}');
    }
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

/** localStorage as the browser has it (the unit tests run in Node). */
const stored = new Map<string, string>();
vi.stubGlobal("localStorage", {
  getItem: (k: string) => stored.get(k) ?? null,
  setItem: (k: string, v: string) => void stored.set(k, v),
  removeItem: (k: string) => void stored.delete(k),
});

async function client(at: string) {
  stored.clear();
  vi.resetModules();
  vi.stubEnv("VITE_API_BASE", at);
  return import("../../src/api/client");
}

describe("getJson", () => {
  it("returns the JSON body of a successful answer", async () => {
    const { getJson } = await client(base);
    await expect(getJson("/health")).resolves.toEqual({ status: "ok" });
  });

  it("turns problem+json into a readable ApiError with the status", async () => {
    const { getJson, ApiError } = await client(base);
    const err = await getJson("/chart", new URLSearchParams({ x: "bogus" })).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 422, message: "Unprocessable: unknown dimension 'bogus'" });
  });

  it("refuses an answer that is not JSON", async () => {
    const { getJson } = await client(base);
    await expect(getJson("/html")).rejects.toThrow(
      "The API answered /html with text/html, not JSON.",
    );
  });

  it("says so when the server cannot be reached", async () => {
    const { getJson } = await client("http://127.0.0.1:9");
    await expect(getJson("/health")).rejects.toMatchObject({
      status: null,
      message: "The CryptoBench API cannot be reached. Is the server running?",
    });
  });
});

describe("read tokens", () => {
  it("a refused read asks for a token; the token is kept and sent with every read until forgotten", async () => {
    const api = await client(base);
    const seen: Array<string | null> = [];
    api.subscribeReadToken(() => seen.push(api.readTokenState().refused));
    await expect(api.getJson("/private")).rejects.toMatchObject({
      status: 401,
      message: "Unauthorized: unknown or revoked API token",
    });
    expect(api.readTokenState()).toEqual({
      token: "",
      refused: "Unauthorized: unknown or revoked API token",
    });
    api.rememberReadToken("cbt_good");
    expect(api.readTokenState()).toEqual({ token: "cbt_good", refused: null });
    expect(stored.get("cryptobench.read-token")).toBe("cbt_good");
    await expect(api.getJson("/private")).resolves.toEqual({ secret: 1 });
    api.forgetReadToken();
    expect(stored.has("cryptobench.read-token")).toBe(false);
    await expect(api.getJson("/private")).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual([
      "Unauthorized: unknown or revoked API token",
      null,
      null,
      "Unauthorized: unknown or revoked API token",
    ]);
  });

  it("a token kept by an earlier visit is sent from the first read", async () => {
    const api = await client(base);
    stored.set("cryptobench.read-token", "cbt_good");
    await expect(api.getJson("/private")).resolves.toEqual({ secret: 1 });
  });
});
