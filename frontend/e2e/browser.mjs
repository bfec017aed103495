// Debian's Chromium for Playwright (launchOptions.executablePath): no browser download.
export const CHROMIUM = process.env.CRYPTOBENCH_CHROMIUM ?? "/usr/bin/chromium";

/** What this machine needs: no sandbox (root, container), no GPU, nothing fetched in the background. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
