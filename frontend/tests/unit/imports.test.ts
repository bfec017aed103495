import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/client";
import {
  detectedText,
  flaggedText,
  formatChoices,
  importParams,
  importProblem,
  keepSessionToken,
  parseTags,
  sessionToken,
  startedText,
  toolName,
  TOKEN_KEY,
} from "../../src/lib/imports";
import { VOCABULARY } from "./fixtures";

describe("import request", () => {
  it("reads tags separated by commas or new lines and names a pair without =", () => {
    expect(parseTags("opt_level=-O2, board=rev 2\nempty=")).toEqual({
      tags: ["opt_level=-O2", "board=rev 2", "empty="],
      error: null,
    });
    expect(parseTags("a=1, oops").error).toBe('"oops" is not key=value');
    expect(parseTags("=x").error).toBe('"=x" is not key=value');
  });

  it("puts format, dry run, machine, date and every tag in the query", () => {
    const params = importParams(
      {
        text: "x",
        file: null,
        format: "auto",
        machineName: " bbb-01 ",
        startedAt: "2024-03-05",
        tags: "a=1,b=2",
      },
      true,
    );
    expect(params.toString()).toBe(
      "format=auto&dry_run=true&machine_name=bbb-01&started_at=2024-03-05&tag=a%3D1&tag=b%3D2",
    );
    expect(
      importParams(
        { text: "x", file: null, format: "jmh", machineName: "", startedAt: "", tags: "" },
        false,
      ).toString(),
    ).toBe("format=jmh&dry_run=false");
  });

  it("says where each run's date came from", () => {
    expect(startedText({ started_at: "2024-03-05T10:30:00Z", date_source: "given" })).toBe(
      "started 2024-03-05 10:30 UTC (the date you gave)",
    );
    expect(
      startedText({ started_at: "2026-11-29T08:00:00.123456Z", date_source: "import-time" }),
    ).toBe(
      "started 2026-11-29 08:00 UTC (the time of this import: the output states no date, give one above)",
    );
    expect(startedText({ started_at: "2025-06-24T12:25:41+04:00", date_source: "output" })).toBe(
      "started 2025-06-24 12:25:41+04:00 (the date the output states)",
    );
  });

  it("counts what storing would flag, with each flag's reason as the server gives it", () => {
    const saturated = {
      flags: ["saturated", "repeated_value"],
      flag_reasons: {
        saturated: "the figure is a counter at its ceiling (2^k or 2^k - 1)",
        repeated_value: "the same figure",
      },
    };
    expect(flaggedText([saturated, { flags: [], flag_reasons: {} }, saturated])).toBe(
      "2 of 3 results would be stored flagged by the plausibility check, marked ⚠: saturated (2): the figure is a counter at its ceiling (2^k or 2^k - 1); repeated value (2): the same figure.",
    );
    expect(flaggedText([{ flags: [], flag_reasons: {} }])).toBeNull();
  });

  it("keeps the token under one key and forgets an empty one", () => {
    const items = new Map<string, string>();
    const store = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    };
    keepSessionToken("cbt_secret", store);
    expect([...items]).toEqual([[TOKEN_KEY, "cbt_secret"]]);
    expect(sessionToken(store)).toBe("cbt_secret");
    keepSessionToken("", store);
    expect(sessionToken(store)).toBe("");
  });
});

describe("import formats and messages in the user's words", () => {
  it("offers detection, then each format by the tool that prints it, from the vocabulary", () => {
    const choices = formatChoices(VOCABULARY);
    expect(choices.map((c) => c.value)).toEqual([
      "auto",
      "openssl",
      "jmh",
      "serial",
      "go",
      "criterion",
      "gbench",
      "liboqs",
      "cryptsetup",
      "bssl",
      "botan",
      "benchstat",
      "hyperfine",
      "dudect",
      "pqm4",
      "pytest-benchmark",
      "action-benchmark",
    ]);
    expect(choices.map((c) => c.label)).toEqual([
      "detect it from the text",
      "openssl speed",
      "JMH",
      "a board's serial console",
      "go test -bench",
      "Rust criterion",
      "Google Benchmark",
      "liboqs speed_kem / speed_sig",
      "cryptsetup benchmark",
      "bssl speed (BoringSSL, AWS-LC)",
      "botan speed",
      "Go benchstat",
      "hyperfine",
      "dudect (constant-time leakage test)",
      "pqm4 / mupq benchmarks",
      "pytest-benchmark",
      "github-action-benchmark",
    ]);
    expect(choices[3]?.reads).toMatch(/BENCH lines/);
    expect(toolName(VOCABULARY, "jmh")).toBe("JMH");
  });

  it("says what the preview read the text as", () => {
    expect(
      detectedText(VOCABULARY, {
        format: "openssl",
        detection: "7 lines look like openssl speed output (the first at line 1)",
      }),
    ).toBe(
      "Read as openssl speed output: 7 lines look like openssl speed output (the first at line 1).",
    );
    expect(detectedText(VOCABULARY, { format: "jmh", detection: "given" })).toBe(
      "Read as JMH output: the format you chose.",
    );
  });

  it("turns the server's refusals into sentences, keeping its own words", () => {
    const unreadable = new ApiError("Invalid input: line 3: bad figure", 422, "line 3: bad figure");
    expect(importProblem(unreadable, false)).toBe(
      "The output could not be read: line 3: bad figure.",
    );
    const big = new ApiError(
      "Payload too large: Request body larger than 500 bytes",
      413,
      "Request body larger than 500 bytes",
    );
    expect(importProblem(big, false)).toBe(
      "The output is larger than this server takes in one import (Request body larger than 500 bytes): import it in parts.",
    );
    expect(
      importProblem(
        new ApiError(
          "Unauthorized: unknown or revoked API token",
          401,
          "unknown or revoked API token",
        ),
        true,
      ),
    ).toMatch(
      /^Storing needs an upload token, and this one was not accepted \(unknown or revoked API token\)\. Make one with: cryptobench-server token create/,
    );
    expect(
      importProblem(
        new ApiError("The CryptoBench API cannot be reached. Is the server running?", null),
        true,
      ),
    ).toBe("The CryptoBench API cannot be reached. Is the server running?");
    for (const error of [unreadable, big])
      expect(importProblem(error, false)).not.toMatch(/format=|Invalid input|Payload too large/);
  });
});
