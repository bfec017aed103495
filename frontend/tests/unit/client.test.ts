import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.startsWith("/api/v1/chart")) {
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

async function client(at: string) {
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
    const err = await getJson("/chart", new URLSearchParams({ x: "bogus" })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 422, message: "Unprocessable: unknown dimension 'bogus'" });
  });

  it("refuses an answer that is not JSON", async () => {
    const { getJson } = await client(base);
    await expect(getJson("/html")).rejects.toThrow("The API answered /html with text/html, not JSON.");
  });

  it("says so when the server cannot be reached", async () => {
    const { getJson } = await client("http://127.0.0.1:9");
    await expect(getJson("/health")).rejects.toMatchObject({
      status: null,
      message: "The CryptoBench API cannot be reached. Is the server running?",
    });
  });
});
