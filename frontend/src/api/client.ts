/** The one HTTP client: checks `ok` before reading a body; problem+json turns into a readable ApiError. */
const BASE = import.meta.env.VITE_API_BASE ?? "";

export class ApiError extends Error {
  readonly status: number | null;

  constructor(message: string, status: number | null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

interface Problem {
  title?: string;
  detail?: unknown;
}

function problemText(problem: Problem, status: number): string {
  const detail = typeof problem.detail === "string" ? problem.detail : JSON.stringify(problem.detail ?? "");
  return [problem.title ?? `HTTP ${status}`, detail && detail !== '""' ? detail : ""].filter(Boolean).join(": ");
}

async function failure(res: Response): Promise<ApiError> {
  const type = res.headers.get("content-type") ?? "";
  if (type.includes("json")) {
    const problem = (await res.json().catch(() => ({}))) as Problem;
    return new ApiError(problemText(problem, res.status), res.status);
  }
  return new ApiError(`HTTP ${res.status} ${res.statusText}`.trim(), res.status);
}

export function apiUrl(path: string, params?: URLSearchParams): string {
  const query = params?.toString();
  return `${BASE}/api/v1${path}${query ? `?${query}` : ""}`;
}

async function send(url: string): Promise<Response> {
  try {
    return await fetch(url, { headers: { Accept: "application/json" } });
  } catch {
    throw new ApiError("The CryptoBench API cannot be reached. Is the server running?", null);
  }
}

export async function getJson<T>(path: string, params?: URLSearchParams): Promise<T> {
  const res = await send(apiUrl(path, params));
  if (!res.ok) throw await failure(res);
  const type = res.headers.get("content-type") ?? "";
  if (!type.includes("json")) throw new ApiError(`The API answered ${path} with ${type || "no content type"}, not JSON.`, res.status);
  return (await res.json()) as T;
}

/** POST with a bearer token; the body is text (text/plain) or FormData (multipart). */
export async function postWithToken<T>(path: string, params: URLSearchParams, body: string | FormData, token: string): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", Authorization: `Bearer ${token}` };
  if (typeof body === "string") headers["Content-Type"] = "text/plain; charset=utf-8";
  let res: Response;
  try {
    res = await fetch(apiUrl(path, params), { method: "POST", headers, body });
  } catch {
    throw new ApiError("The CryptoBench API cannot be reached. Is the server running?", null);
  }
  if (!res.ok) throw await failure(res);
  return (await res.json()) as T;
}

/** The API token the user typed (upload scope for notes, admin to delete), kept for this tab only. */
const TOKEN_KEY = "cryptobench.token";

export function storedToken(): string {
  return sessionStorage.getItem(TOKEN_KEY) ?? "";
}

export function storeToken(token: string): void {
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  else sessionStorage.removeItem(TOKEN_KEY);
}

/** A write (POST with a JSON body, DELETE) with the stored token; the answer's JSON, or null for 204. */
export async function writeJson<T>(method: "POST" | "DELETE", path: string, body?: unknown): Promise<T | null> {
  const headers: Record<string, string> = { Accept: "application/json", Authorization: `Bearer ${storedToken()}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(apiUrl(path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError("The CryptoBench API cannot be reached. Is the server running?", null);
  }
  if (!res.ok) throw await failure(res);
  return res.status === 204 ? null : ((await res.json()) as T);
}
