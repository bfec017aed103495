/** Entry: the query client (the one error boundary for server state) and the router. */
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { queryClient } from "./api/queryClient";
import { App } from "./App";
import { plotly } from "./components/PlotlyFigure";
import "./styles.css";

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
