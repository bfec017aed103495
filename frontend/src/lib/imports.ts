/** The Import page's pure parts: request parameters, tags typed as text, the session's token. */
import { postWithToken } from "../api/client";
import type { ImportResponse } from "../api/types";

export const IMPORT_FORMATS = ["auto", "openssl", "jmh", "serial"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const TOKEN_KEY = "cryptobench.uploadToken";

export interface ImportRequest {
  text: string;
  file: File | null;
  format: ImportFormat;
  machineName: string;
  tags: string;
}

/** "opt_level=-O2, board=rev 2" (commas or new lines) -> ["opt_level=-O2", "board=rev 2"]; an error names a pair without "=". */
export function parseTags(text: string): { tags: string[]; error: string | null } {
  const tags = text
    .split(/[,\n]/)
    .map((t) => t.trim())
    .filter(Boolean);
  const bad = tags.find((t) => !t.includes("=") || t.startsWith("="));
  return { tags, error: bad ? `"${bad}" is not key=value` : null };
}

export function importParams(req: ImportRequest, dryRun: boolean): URLSearchParams {
  const params = new URLSearchParams({ format: req.format, dry_run: String(dryRun) });
  if (req.machineName.trim()) params.set("machine_name", req.machineName.trim());
  for (const tag of parseTags(req.tags).tags) params.append("tag", tag);
  return params;
}

export function postImport(req: ImportRequest, token: string, dryRun: boolean): Promise<ImportResponse> {
  let body: string | FormData = req.text;
  if (req.file) {
    body = new FormData();
    body.append("file", req.file, req.file.name);
  }
  return postWithToken<ImportResponse>("/imports", importParams(req, dryRun), body, token);
}

type TokenStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** The upload token lives in sessionStorage: this browser tab's session only, never localStorage. */
export function sessionToken(store: TokenStore = sessionStorage): string {
  return store.getItem(TOKEN_KEY) ?? "";
}

export function keepSessionToken(token: string, store: TokenStore = sessionStorage): void {
  if (token) store.setItem(TOKEN_KEY, token);
  else store.removeItem(TOKEN_KEY);
}
