import { describe, expect, it } from "vitest";
import { importParams, keepSessionToken, parseTags, sessionToken, TOKEN_KEY } from "../../src/lib/imports";

describe("import request", () => {
  it("reads tags separated by commas or new lines and names a pair without =", () => {
    expect(parseTags("opt_level=-O2, board=rev 2\nempty=")).toEqual({ tags: ["opt_level=-O2", "board=rev 2", "empty="], error: null });
    expect(parseTags("a=1, oops").error).toBe('"oops" is not key=value');
    expect(parseTags("=x").error).toBe('"=x" is not key=value');
  });

  it("puts format, dry run, machine and every tag in the query", () => {
    const params = importParams({ text: "x", file: null, format: "auto", machineName: " bbb-01 ", tags: "a=1,b=2" }, true);
    expect(params.toString()).toBe("format=auto&dry_run=true&machine_name=bbb-01&tag=a%3D1&tag=b%3D2");
    expect(importParams({ text: "x", file: null, format: "jmh", machineName: "", tags: "" }, false).toString()).toBe("format=jmh&dry_run=false");
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
