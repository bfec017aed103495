/** An event's words (acknowledged as expected, or dismissed, with a note) and the form that adds one
 * to all its changes with an admin token: POST /changes/acknowledgements. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { writeJson } from "../api/client";
import type { ChangeEvent } from "../api/types";
import { wordText } from "../lib/changes";
import { formatTime } from "../lib/history";
import { TokenField } from "./RunAdmin";

type Kind = "expected" | "dismissed";

export function ChangeAcknowledge({ event }: { event: ChangeEvent }) {
  const client = useQueryClient();
  const [kind, setKind] = useState<Kind>("expected");
  const [note, setNote] = useState("");
  const [open, setOpen] = useState(false);
  const say = useMutation({
    mutationFn: () =>
      writeJson("POST", "/changes/acknowledgements", {
        changes: event.changes.map((c) => c.id),
        kind,
        note: note.trim(),
      }),
    onSuccess: async () => {
      setNote("");
      setOpen(false);
      await client.invalidateQueries({ queryKey: ["change-events"] });
      await client.invalidateQueries({ queryKey: ["changes"] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (note.trim()) say.mutate();
  };
  const words = event.changes.flatMap((c) => c.acknowledgements.slice(-1));
  const latest = words.sort((a, b) => a.acknowledged_at.localeCompare(b.acknowledged_at)).at(-1);
  return (
    <div className="acknowledge">
      {latest && (
        <p className="note" data-testid="acknowledgement">
          <strong>{latest.kind === "expected" ? "Acknowledged" : "Dismissed"}</strong> (
          {event.acknowledged} of {event.changes.length} changes): {wordText(latest)},{" "}
          {formatTime(latest.acknowledged_at)}. An acknowledged regression does not fail the gate.
        </p>
      )}
      {open ? (
        <form onSubmit={submit} className="controls" aria-label="acknowledge this event">
          <TokenField what="admin" />
          <label>
            word
            <select
              aria-label="word"
              value={kind}
              onChange={(e) => setKind(e.target.value as Kind)}
            >
              <option value="expected">expected (a real step, on purpose)</option>
              <option value="dismissed">dismissed (not a real step)</option>
            </select>
          </label>
          <label>
            note
            <input
              aria-label="note"
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={4000}
              placeholder="why"
            />
          </label>
          <button type="submit" disabled={say.isPending || !note.trim()}>
            Save for {event.changes.length} change{event.changes.length === 1 ? "" : "s"}
          </button>
        </form>
      ) : (
        <button type="button" onClick={() => setOpen(true)}>
          {latest ? "Add a word" : "Acknowledge or dismiss"}
        </button>
      )}
      {say.isError && (
        <p className="state error" role="alert">
          Not saved: {say.error.message}
        </p>
      )}
    </div>
  );
}
