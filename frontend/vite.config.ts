import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

const apiTarget = process.env.CRYPTOBENCH_API ?? "http://127.0.0.1:8000";

/** plotly.js/src/registry.js requires maplibre's stylesheet for map traces, which this bundle never registers. */
const dropMaplibreCss: Plugin = {
  name: "drop-maplibre-css",
  enforce: "pre",
  resolveId: (id) => (id === "maplibre-gl/dist/maplibre-gl.css" ? "\0empty.css" : null),
  load: (id) => (id === "\0empty.css" ? "" : null),
};

export default defineConfig({
  plugins: [dropMaplibreCss, react()],
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: { proxy: { "/api": apiTarget } },
  test: { include: ["tests/unit/**/*.test.ts"], environment: "node" },
});
