/**
 * CSV (RFC 4180) of the UI's exports, one rule for every table: a text cell that a spreadsheet would
 * run as a formula (it starts with = + - @ tab or carriage return) gets a leading single quote (OWASP's
 * CSV injection rule); numbers, and text that is a plain number ("-1.5", "2e-3"), are written as they
 * are; a cell with a comma, quote or line break is quoted. Pure.
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  const raw = String(value);
  const text = typeof value !== "number" && FORMULA_START.test(raw) && !NUMBER.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows as CSV text, lines ended by CRLF. */
export function csvText(rows: CsvValue[][]): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}
