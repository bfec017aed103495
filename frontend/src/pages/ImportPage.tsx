/** Import: paste a tool's output or drop a file, preview what the server understood, then store it. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type DragEvent } from "react";
import { useNavigate } from "react-router";
import type { ImportResponse } from "../api/types";
import { useVocabulary } from "../api/vocabulary";
import { ParseWarnings } from "../components/ParseWarnings";
import { ResultsTable } from "../components/ResultsTable";
import { TableBox } from "../components/TableBox";
import {
  detectedText,
  flaggedText,
  formatChoices,
  importProblem,
  keepSessionToken,
  parseTags,
  postImport,
  sessionToken,
  startedText,
  type ImportRequest,
} from "../lib/imports";

function Preview({ result }: { result: ImportResponse }) {
  const vocabulary = useVocabulary();
  return (
    <section aria-label="what was understood">
      <p data-testid="detected">{detectedText(vocabulary, result)}</p>
      {result.runs.map((run, i) => (
        <div key={run.run_id}>
          <h3>
            Run {i + 1} of {result.runs.length}: {run.results} results, machine {run.machine}
          </h3>
          <p className="note" data-testid="started">
            {startedText(run)}
          </p>
          {flaggedText(run.preview ?? []) ? (
            <p className="note" role="status" data-testid="flagged">
              {flaggedText(run.preview ?? [])}
            </p>
          ) : null}
          {Object.keys(run.tags).length ? (
            <p className="note">
              tags:{" "}
              {Object.entries(run.tags)
                .map(([k, v]) => `${k}=${v}`)
                .join(", ")}
            </p>
          ) : null}
          <TableBox label="preview">
            <ResultsTable rows={run.preview ?? []} label="preview" />
          </TableBox>
        </div>
      ))}
      <h3>Lines not understood ({result.warnings.length})</h3>
      <ParseWarnings warnings={result.warnings} />
    </section>
  );
}

export function ImportPage() {
  const vocabulary = useVocabulary();
  const [request, setRequest] = useState<ImportRequest>({
    text: "",
    file: null,
    format: "auto",
    machineName: "",
    startedAt: "",
    tags: "",
  });
  const [token, setToken] = useState(sessionToken);
  const [preview, setPreview] = useState<ImportResponse | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const tags = parseTags(request.tags);
  const choices = formatChoices(vocabulary);
  const tools = choices.slice(1);
  const chosen = choices.find((f) => f.value === request.format);

  const latest = useRef(request);
  latest.current = request;
  const previewing = useMutation({
    mutationFn: (sent: ImportRequest) => postImport(sent, token, true),
    // A preview of a paste since replaced is dropped: only the current paste's shows.
    onSuccess: (result, sent) => {
      if (sent === latest.current) setPreview(result);
    },
  });
  const storing = useMutation({
    mutationFn: () => postImport(request, token, false),
    onSuccess: async (result) => {
      await Promise.all(
        ["runs", "facets", "machines", "chart"].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      );
      const first = result.runs[0];
      if (first) navigate(`/runs/${first.run_id}`);
    },
  });
  /** Any change to what would be sent clears the last answer: its preview and its error. */
  const change = (update: Partial<ImportRequest>) => {
    setRequest((current) => ({ ...current, ...update }));
    setPreview(null);
    previewing.reset();
    storing.reset();
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    const file = event.dataTransfer.files[0];
    if (file) change({ file });
  };
  const ready = Boolean((request.text.trim() || request.file) && !tags.error);

  return (
    <section className="import">
      <h2>Import a tool's output</h2>
      <p className="note">
        Paste what a benchmark tool printed, or drop the file. The server parses it with the
        collectors' parsers. Preview shows what it understood without storing anything (no token
        needed), with the figures the plausibility check would flag; Store keeps it, with an upload
        token. The machine is the one the text names (a shell prompt, uname, a CPU or board line),
        else the name you give, else an unknown machine of this paste's own; the date is the one the
        output states, else the one you give, else the time of the import.
      </p>
      <details className="formats">
        <summary>The {tools.length} tools whose output it reads</summary>
        <dl>
          {tools.map((f) => (
            <div key={f.value}>
              <dt>{f.label}</dt>
              <dd>{f.reads}</dd>
            </div>
          ))}
        </dl>
      </details>
      <label>
        Output
        <textarea
          rows={12}
          value={request.text}
          disabled={request.file !== null}
          onChange={(e) => change({ text: e.target.value })}
          placeholder="Doing aes-128-cbc for 3s on 16 size blocks: ..."
        />
      </label>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the file input inside it is the keyboard's way */}
      <div
        className="dropzone"
        data-testid="dropzone"
        onDragOver={(e) => e.preventDefault()}
        onDrop={drop}
      >
        {request.file ? (
          <>
            File: <strong>{request.file.name}</strong> ({request.file.size} bytes){" "}
            <button type="button" onClick={() => change({ file: null })}>
              Remove file
            </button>
          </>
        ) : (
          <label>
            Drop a file here or choose one{" "}
            <input type="file" onChange={(e) => change({ file: e.target.files?.[0] ?? null })} />
          </label>
        )}
      </div>
      <div className="controls">
        <label>
          Format
          <select
            value={request.format}
            aria-describedby="format-reads"
            onChange={(e) => change({ format: e.target.value })}
          >
            {choices.map((f) => (
              <option key={f.value} value={f.value} title={f.reads}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Machine name
          <input
            value={request.machineName}
            onChange={(e) => change({ machineName: e.target.value })}
            placeholder="as the text names it"
          />
        </label>
        <label>
          Measured on
          <input
            type="date"
            value={request.startedAt}
            onChange={(e) => change({ startedAt: e.target.value })}
            title="Used where the output states no date"
          />
        </label>
        <label>
          Tags
          <input
            value={request.tags}
            onChange={(e) => change({ tags: e.target.value })}
            placeholder="opt_level=-O2, board=rev2"
          />
        </label>
        <label>
          Upload token
          <input
            type="password"
            value={token}
            autoComplete="off"
            onChange={(e) => {
              setToken(e.target.value);
              keepSessionToken(e.target.value);
            }}
          />
        </label>
      </div>
      <p className="note" id="format-reads">
        {chosen ? `${chosen.label}: ${chosen.reads}.` : null}
      </p>
      {tags.error ? <p role="alert">Tags: {tags.error}</p> : null}
      {!token ? (
        <p className="note">
          Storing needs an upload token (
          <code>cryptobench-server token create NAME --scope upload</code>); it is kept for this
          browser tab only.
        </p>
      ) : null}
      <p>
        <button
          type="button"
          disabled={!ready || previewing.isPending}
          onClick={() => previewing.mutate(request)}
        >
          Preview
        </button>{" "}
        <button
          type="button"
          disabled={!ready || !token || !preview || storing.isPending}
          onClick={() => storing.mutate()}
        >
          Store
        </button>
      </p>
      {previewing.isError ? (
        <p className="state error" role="alert">
          {importProblem(previewing.error, false)}
        </p>
      ) : null}
      {storing.isError ? (
        <p className="state error" role="alert">
          {importProblem(storing.error, true)}
        </p>
      ) : null}
      {preview ? <Preview result={preview} /> : null}
    </section>
  );
}
