/** The one HTTP client: checks `ok` before reading a body; problem+json turns into a readable ApiError. */
const BASE = import.meta.env.VITE_API_BASE ?? "";

export class ApiError extends Error {
  readonly status: number | null;
  /** The server's own sentence (problem+json `detail`), without its title; "" when it gave none. */
  readonly detail: string;

  constructor(message: string, status: number | null, detail = "") {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.detail = detail;
  }
}

interface Problem {
  title?: string;
  detail?: unknown;
}

function problemText(problem: Problem, status: number): string {
  const detail =
    typeof problem.detail === "string" ? problem.detail : JSON.stringify(problem.detail ?? "");
  return [problem.title ?? `HTTP ${status}`, detail && detail !== '""' ? detail : ""]
    .filter(Boolean)
    .join(": ");
}

async function failure(res: Response): Promise<ApiError> {
  const type = res.headers.get("content-type") ?? "";
  if (type.includes("json")) {
    const problem = (await res.json().catch(() => ({}))) as Problem;
    return new ApiError(
      problemText(problem, res.status),
      res.status,
      typeof problem.detail === "string" ? problem.detail : "",
    );
  }
  return new ApiError(`HTTP ${res.status} ${res.statusText}`.trim(), res.status);
}

export function apiUrl(path: string, params?: URLSearchParams): string {
  const query = params?.toString();
  return `${BASE}/api/v1${path}${query ? `?${query}` : ""}`;
}

/**
 * Read-token mode (the server's CRYPTOBENCH_READ_TOKENS=true): every read sends the token typed once,
 * kept in this browser's localStorage; a read answered 401 records the server's words in `refused`,
 * which makes the app ask for a token (components/ReadToken.tsx).
 */
const READ_TOKEN_KEY = "cryptobench.read-token";

export interface ReadTokenState {
  token: string;
  refused: string | null;
}

let readState: ReadTokenState | null = null;
const readListeners = new Set<() => void>();

export function readTokenState(): ReadTokenState {
  readState ??= { token: localStorage.getItem(READ_TOKEN_KEY) ?? "", refused: null };
  return readState;
}

function setReadState(next: ReadTokenState): void {
  readState = next;
  for (const listener of readListeners) listener();
}

export function subscribeReadToken(listener: () => void): () => void {
  readListeners.add(listener);
  return () => readListeners.delete(listener);
}

export function rememberReadToken(token: string): void {
  localStorage.setItem(READ_TOKEN_KEY, token);
  setReadState({ token, refused: null });
}

export function forgetReadToken(): void {
  localStorage.removeItem(READ_TOKEN_KEY);
  setReadState({ token: "", refused: null });
}

async function send(url: string): Promise<Response> {
  const { token } = readTokenState();
  const headers: Record<string, string> = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(url, { headers });
  } catch {
    throw new ApiError("The CryptoBench API cannot be reached. Is the server running?", null);
  }
}

export async function getJson<T>(path: string, params?: URLSearchParams): Promise<T> {
  const res = await send(apiUrl(path, params));
  if (res.status === 401) {
    const refusal = await failure(res);
    setReadState({ ...readTokenState(), refused: refusal.message });
    throw refusal;
  }
  if (!res.ok) throw await failure(res);
  const type = res.headers.get("content-type") ?? "";
  if (!type.includes("json"))
    throw new ApiError(
      `The API answered ${path} with ${type || "no content type"}, not JSON.`,
      res.status,
    );
  return (await res.json()) as T;
}

/** POST with a bearer token (none when empty); the body is text (text/plain) or FormData (multipart). */
export async function postWithToken<T>(
  path: string,
  params: URLSearchParams,
  body: string | FormData,
  token: string,
): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
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
export async function writeJson<T>(
  method: "POST" | "DELETE",
  path: string,
  body?: unknown,
): Promise<T | null> {
  const headers: Record<string, string> = {
    Accept: "application/json",
    Authorization: `Bearer ${storedToken()}`,
  };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(apiUrl(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError("The CryptoBench API cannot be reached. Is the server running?", null);
  }
  if (!res.ok) throw await failure(res);
  return res.status === 204 ? null : ((await res.json()) as T);
}
