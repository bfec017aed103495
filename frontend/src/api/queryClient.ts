/** The query client: react-query's cache is the one store of server state (the vocabulary included), and its `onError` the one error boundary for it. */
import { QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./client";

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => console.error("query failed:", error.message),
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) =>
        count < 2 && !(error instanceof ApiError && error.status !== null && error.status < 500),
    },
  },
});
