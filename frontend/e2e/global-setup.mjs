// Once per run: the real backend (temp SQLite + demo data, or CRYPTOBENCH_E2E_URL), handed to the
// tests through the environment; the returned function stops it.
import { startBackend } from "./server.mjs";

export default async function globalSetup() {
  const backend = await startBackend();
  process.env.CRYPTOBENCH_E2E_URL = backend.url;
  if (backend.token) process.env.CRYPTOBENCH_E2E_TOKEN = backend.token;
  if (backend.adminToken) process.env.CRYPTOBENCH_E2E_ADMIN_TOKEN = backend.adminToken;
  return () => backend.stop();
}
