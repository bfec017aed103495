// The real backend for the e2e tests: a temp SQLite DB with the demo data on a free loopback port,
// serving the instrumented test build (dist-e2e, `npm run build:e2e`),
// or an already running server named by CRYPTOBENCH_E2E_URL (then CRYPTOBENCH_E2E_TOKEN for uploads
// and CRYPTOBENCH_E2E_ADMIN_TOKEN for deletions).
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const FRONTEND = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const REPO = resolve(FRONTEND, "..");
const SERVER_BIN =
  process.env.CRYPTOBENCH_SERVER_BIN ?? join(REPO, ".venv", "bin", "cryptobench-server");

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

async function waitHealthy(url, child, deadlineMs) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`backend exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`backend at ${url} not healthy after ${deadlineMs} ms`);
}

/** `token create` prints the secret alone on stdout (the notice goes to stderr). */
function tokenFrom(output) {
  const token = output.trim().split("\n").pop();
  if (!token) throw new Error("token create printed no token");
  return token;
}

export async function startBackend() {
  if (process.env.CRYPTOBENCH_E2E_URL) {
    return {
      url: process.env.CRYPTOBENCH_E2E_URL.replace(/\/$/, ""),
      token: process.env.CRYPTOBENCH_E2E_TOKEN ?? null,
      adminToken: process.env.CRYPTOBENCH_E2E_ADMIN_TOKEN ?? null,
      stop() {},
    };
  }
  return startOwnBackend();
}

/** The backend global-setup started for every spec (or the one CRYPTOBENCH_E2E_URL names): its url and tokens. */
export function sharedBackend() {
  return {
    url: process.env.CRYPTOBENCH_E2E_URL,
    token: process.env.CRYPTOBENCH_E2E_TOKEN ?? null,
    adminToken: process.env.CRYPTOBENCH_E2E_ADMIN_TOKEN ?? null,
  };
}

/** POST /runs a run document with `backend`'s upload token; asserts it was stored (201). */
export async function uploadRun(backend, doc) {
  assert.ok(backend.token, "an upload token (CRYPTOBENCH_E2E_TOKEN) is needed");
  const res = await fetch(`${backend.url}/api/v1/runs`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${backend.token}` },
    body: JSON.stringify(doc),
  });
  assert.equal(res.status, 201, await res.text());
}

/** A backend of its own whatever CRYPTOBENCH_E2E_URL says, with `settings` added to its environment
 * (e.g. CRYPTOBENCH_READ_TOKENS); its tokens: upload, admin and read. */
export async function startOwnBackend(settings = {}) {
  const dir = mkdtempSync(join(tmpdir(), "cryptobench-e2e-"));
  const env = {
    ...process.env,
    ...settings,
    CRYPTOBENCH_DATA_DIR: dir,
    CRYPTOBENCH_DATABASE_URL: `sqlite:///${join(dir, "e2e.sqlite")}`,
    CRYPTOBENCH_FRONTEND_DIST: join(FRONTEND, "dist-e2e"),
  };
  const run = (...args) =>
    execFileSync(SERVER_BIN, args, { env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  run("migrate");
  run("demo", "load");
  const token = tokenFrom(run("token", "create", "e2e", "--scope", "upload"));
  const adminToken = tokenFrom(run("token", "create", "e2e-admin", "--scope", "admin"));
  const readToken = tokenFrom(run("token", "create", "e2e-read", "--scope", "read"));
  const port = await freePort();
  const child = spawn(SERVER_BIN, ["serve", "--host", "127.0.0.1", "--port", String(port)], {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  child.stderr.on("data", (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(url, child, 30_000);
  } catch (err) {
    child.kill();
    throw new Error(`${err.message}\n${log}`);
  }
  return {
    url,
    token,
    adminToken,
    readToken,
    stop() {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
