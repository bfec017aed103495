/**
 * CSV (RFC 4180) of the UI's exports, in two flavours, the same two as the server's (backend
 * query/export.py, `format=csv` and `format=spreadsheet`):
 * - data: every value exactly, so that pandas and R load `-O2` as `-O2`;
 * - spreadsheet: a text cell that a spreadsheet would run as a formula (it starts with = + - @ tab or
 *   carriage return) gets a leading single quote (OWASP's CSV injection rule), and so does each part of
 *   it after a `;` (a spreadsheet of a `;` locale splits `a;=1+2` into `a` and a live `=1+2`); numbers,
 *   and text that is a plain number ("-1.5", "2e-3"), are written as they are.
 * In both a cell with a comma, quote, line break or `;` is quoted. Pure.
 */
export type CsvValue = string | number | boolean | null | undefined;
export type CsvFlavour = "data" | "spreadsheet";

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function inert(part: string): string {
  return FORMULA_START.test(part) && !NUMBER.test(part) ? `'${part}` : part;
}

export function csvCell(value: CsvValue, flavour: CsvFlavour = "spreadsheet"): string {
  if (value === null || value === undefined) return "";
  const raw = String(value);
  const text =
    typeof value === "number" || flavour === "data" ? raw : raw.split(";").map(inert).join(";");
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows as CSV text of one flavour, lines ended by CRLF. */
export function csvText(rows: CsvValue[][], flavour: CsvFlavour = "spreadsheet"): string {
  return rows.map((row) => `${row.map((cell) => csvCell(cell, flavour)).join(",")}\r\n`).join("");
}
