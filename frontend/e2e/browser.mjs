// Headless Debian Chromium driven by playwright-core (no browser download).
import { chromium } from "playwright-core";

export const CHROMIUM = process.env.CRYPTOBENCH_CHROMIUM ?? "/usr/bin/chromium";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A fresh browser (Playwright gives every launch its own temporary user-data-dir). */
export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
}
