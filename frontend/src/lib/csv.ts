/**
 * CSV (RFC 4180) of the UI's exports, one rule for every table: a text cell that a spreadsheet would
 * run as a formula (it starts with = + - @ tab or carriage return) gets a leading single quote (OWASP's
 * CSV injection rule), and so does each part of it after a `;` (a spreadsheet of a `;` locale splits
 * `a;=1+2` into `a` and a live `=1+2`); numbers, and text that is a plain number ("-1.5", "2e-3"), are
 * written as they are; a cell with a comma, quote, line break or `;` is quoted. The same rule as the
 * server's exports (backend query/export.py). Pure.
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function inert(part: string): string {
  return FORMULA_START.test(part) && !NUMBER.test(part) ? `'${part}` : part;
}

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  const raw = String(value);
  const text = typeof value === "number" ? raw : raw.split(";").map(inert).join(";");
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows as CSV text, lines ended by CRLF. */
export function csvText(rows: CsvValue[][]): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}
