/** The run page's writes: notes (an upload token) and deletion (an admin token); the token stays in this tab. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { storedToken, storeToken, writeJson } from "../api/client";
import type { Note, RunDetail } from "../api/types";
import { formatTime } from "../lib/history";

/** Everything derived from runs: what a note or a deletion makes stale. */
const RUN_KEYS = [
  ["runs"],
  ["facets"],
  ["chart"],
  ["history"],
  ["changes"],
  ["machines"],
  ["matrix"],
  ["relative"],
];

/** The API token of this tab (kept in sessionStorage), for the page's writes. */
export function TokenField({ what = "upload to add notes, admin to delete" }: { what?: string }) {
  const [token, setToken] = useState(storedToken);
  return (
    <label>
      API token ({what})
      <input
        type="password"
        aria-label="API token"
        value={token}
        onChange={(e) => {
          setToken(e.target.value);
          storeToken(e.target.value.trim());
        }}
        placeholder="cbt_..."
        autoComplete="off"
      />
    </label>
  );
}

export function RunNotes({ run }: { run: RunDetail }) {
  const client = useQueryClient();
  const [text, setText] = useState("");
  const add = useMutation({
    mutationFn: (note: string) =>
      writeJson<Note>("POST", `/runs/${encodeURIComponent(run.run_id)}/notes`, { text: note }),
    onSuccess: async () => {
      setText("");
      await client.invalidateQueries({ queryKey: ["run", run.run_id] });
      await client.invalidateQueries({ queryKey: ["history"] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) add.mutate(text.trim());
  };
  const notes = run.notes ?? [];
  return (
    <>
      {notes.length ? (
        <ul aria-label="notes">
          {notes.map((n) => (
            <li key={n.id}>
              {n.text}{" "}
              <span className="note">
                ({n.author}, {formatTime(n.created_at)})
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="note">No notes.</p>
      )}
      <form onSubmit={submit} className="controls">
        <TokenField />
        <label>
          note
          <input
            aria-label="note"
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={4000}
          />
        </label>
        <button type="submit" disabled={add.isPending || !text.trim()}>
          Add note
        </button>
      </form>
      {add.isError && (
        <p className="state error" role="alert">
          The note was not saved: {add.error.message}
        </p>
      )}
    </>
  );
}

export function DeleteRun({ run }: { run: RunDetail }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => writeJson<null>("DELETE", `/runs/${encodeURIComponent(run.run_id)}`),
    onSuccess: async () => {
      client.removeQueries({ queryKey: ["run", run.run_id] });
      await Promise.all(RUN_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
      void navigate("/runs");
    },
  });
  const confirmAndDelete = () => {
    if (
      window.confirm(
        `Delete run ${run.run_id} with its ${run.results.length} results, notes and changes? This cannot be undone.`,
      )
    )
      remove.mutate();
  };
  return (
    <>
      <p className="note">
        Deleting needs a token with scope admin. The run, its results, notes and everything derived
        from them go in one transaction.
      </p>
      <button
        type="button"
        className="danger"
        onClick={confirmAndDelete}
        disabled={remove.isPending}
      >
        Delete this run
      </button>
      {remove.isError && (
        <p className="state error" role="alert">
          The run was not deleted: {remove.error.message}
        </p>
      )}
    </>
  );
}
