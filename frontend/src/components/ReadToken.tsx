/** Read-token mode in the UI: the form a refused read brings up, and the button that forgets the token. */
import { useQueryClient } from "@tanstack/react-query";
import { useState, useSyncExternalStore, type FormEvent } from "react";
import {
  forgetReadToken,
  readTokenState,
  rememberReadToken,
  subscribeReadToken,
} from "../api/client";

export function useReadToken() {
  return useSyncExternalStore(subscribeReadToken, readTokenState);
}

/** Asks for a read token once a read was refused (401); every query starts again with it. */
export function ReadTokenForm({ refused }: { refused: string }) {
  const client = useQueryClient();
  const [token, setToken] = useState("");
  const hadToken = readTokenState().token !== "";
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!token.trim()) return;
    rememberReadToken(token.trim());
    void client.resetQueries();
  };
  return (
    <form className="state" aria-label="read token" onSubmit={submit}>
      <p>
        <strong>
          {hadToken ? "The server refused this read token." : "This dashboard needs a read token."}
        </strong>{" "}
        {refused}
      </p>
      <p className="note">
        Its operator makes one with <code>cryptobench-server token create NAME --scope read</code>.
        It is kept in this browser until you forget it.
      </p>
      <div className="controls">
        <label>
          read token
          <input
            type="password"
            aria-label="read token"
            value={token}
            onChange={(e) => setToken(e.target.value)}
            placeholder="cbt_..."
            autoComplete="off"
          />
        </label>
        <button type="submit" disabled={!token.trim()}>
          Use this token
        </button>
      </div>
    </form>
  );
}

/** Drops the kept read token; the queries start again without it. */
export function ForgetReadToken() {
  const client = useQueryClient();
  return (
    <button
      type="button"
      onClick={() => {
        forgetReadToken();
        void client.resetQueries();
      }}
    >
      Forget read token
    </button>
  );
}
