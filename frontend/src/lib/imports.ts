/** The Import page's pure parts: request parameters, the formats by their tools, tags typed as text, what went wrong in the user's words, the session's token. */
import { ApiError, postWithToken, readTokenState } from "../api/client";
import type { ImportResponse, PreviewRow } from "../api/types";
import type { Vocabulary } from "../api/vocabulary";

/** "auto" (detect from the text) or one of the server's import formats (GET /vocabulary `import_formats`). */
export type ImportFormat = string;
export const TOKEN_KEY = "cryptobench.uploadToken";

/** The Format picker's choices: detection first, then each format by the tool that prints it (with what of its output is read). */
export function formatChoices(
  vocabulary: Vocabulary,
): Array<{ value: ImportFormat; label: string; reads: string }> {
  const formats = vocabulary.import_formats.map((f) => ({
    value: f.name,
    label: f.tool,
    reads: f.looks_like,
  }));
  return [
    {
      value: "auto",
      label: "detect it from the text",
      reads: "the first lines decide which tool printed it",
    },
    ...formats,
  ];
}

/** A format by its tool's name ("openssl" -> "openssl speed"); an unknown one as it is. */
export function toolName(vocabulary: Vocabulary, format: string): string {
  return vocabulary.import_formats.find((f) => f.name === format)?.tool ?? format;
}

/** What the preview found, as a sentence: "Read as openssl speed output: 7 lines look like ...". */
export function detectedText(
  vocabulary: Vocabulary,
  result: Pick<ImportResponse, "format" | "detection">,
): string {
  const why = result.detection === "given" ? "the format you chose" : result.detection;
  return `Read as ${toolName(vocabulary, result.format)} output: ${why}.`;
}

/** Why a preview or a store failed, said to the person at the page (the server's sentence kept). */
export function importProblem(error: unknown, storing: boolean): string {
  if (!(error instanceof ApiError) || error.status === null)
    return error instanceof Error ? error.message : String(error);
  const detail = error.detail || error.message;
  switch (error.status) {
    case 401:
      return storing
        ? `Storing needs an upload token, and this one was not accepted (${detail}). Make one with: cryptobench-server token create NAME --scope upload`
        : `This server asks for a token even to read (${detail}): type your upload or read token.`;
    case 403:
      return `This token may not store runs (${detail}): storing needs a token of scope upload.`;
    case 413:
      return `The output is larger than this server takes in one import (${detail}): import it in parts.`;
    case 422:
      return `The output could not be read: ${detail.replace(/\.$/, "")}.`;
    default:
      return `The server could not ${storing ? "store" : "preview"} the output (${error.message}).`;
  }
}

export interface ImportRequest {
  text: string;
  file: File | null;
  format: ImportFormat;
  machineName: string;
  /** When the output was measured ("2024-03-05"): the runs' start where the output states none. */
  startedAt: string;
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
  if (req.startedAt) params.set("started_at", req.startedAt);
  for (const tag of parseTags(req.tags).tags) params.append("tag", tag);
  return params;
}

/** Store (with the upload token) or preview: a preview needs no token unless reads do (then the read token serves). */
export function postImport(
  req: ImportRequest,
  token: string,
  dryRun: boolean,
): Promise<ImportResponse> {
  let body: string | FormData = req.text;
  if (req.file) {
    body = new FormData();
    body.append("file", req.file, req.file.name);
  }
  const sent = dryRun ? token || readTokenState().token : token;
  return postWithToken<ImportResponse>("/imports", importParams(req, dryRun), body, sent);
}

const DATE_SOURCES: Record<string, string> = {
  output: "the date the output states",
  given: "the date you gave",
  "import-time": "the time of this import: the output states no date, give one above",
};

/** "started 2024-03-05 10:30 UTC (the date you gave)": a run's date and where it came from. */
export function startedText(
  run: Pick<ImportResponse["runs"][number], "started_at" | "date_source">,
): string {
  const when = run.started_at.replace("T", " ").replace(/:\d\d(\.\d+)?(Z|\+00:00)$/, " UTC");
  return `started ${when} (${DATE_SOURCES[run.date_source ?? ""] ?? "as stored"})`;
}

/** "3 of 69 results would be stored flagged: saturated (30): the figure is a counter at its ceiling ...": what storing would flag. */
export function flaggedText(rows: Pick<PreviewRow, "flags" | "flag_reasons">[]): string | null {
  const counts = new Map<string, { n: number; reason: string }>();
  for (const row of rows)
    for (const flag of row.flags)
      counts.set(flag, {
        n: (counts.get(flag)?.n ?? 0) + 1,
        reason: row.flag_reasons[flag] ?? "flagged",
      });
  const flagged = rows.filter((r) => r.flags.length).length;
  if (!flagged) return null;
  const reasons = [...counts].map(
    ([flag, { n, reason }]) => `${flag.replaceAll("_", " ")} (${n}): ${reason}`,
  );
  return `${flagged} of ${rows.length} results would be stored flagged by the plausibility check, marked ⚠: ${reasons.join("; ")}.`;
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
