/** Entry: the query client (the one error boundary for server state) and the router. */
import { QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { ApiError } from "./api/client";
import { App } from "./App";
import { plotly } from "./components/PlotlyFigure";
import "./styles.css";

const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => console.error("query failed:", error.message),
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status !== null && error.status < 500),
    },
  },
});

/** Start fetching the chart library at once, in parallel with the first queries; PlotlyFigure reports a failure.
 * Not on the Matrix, which draws no chart: parsing 1 MB of Plotly there delays the 200 x 20 table's first paint. */
if (window.location.pathname !== "/matrix") plotly().catch(() => undefined);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
