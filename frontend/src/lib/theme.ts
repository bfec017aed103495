/** Light/dark theme: follows the system unless the user picked one (kept in localStorage). */
import { createContext, useEffect, useState } from "react";
import type { Theme } from "./figures";

export type ThemeName = "light" | "dark";
const KEY = "cryptobench.theme";

function initialTheme(): ThemeName {
  const stored = localStorage.getItem(KEY);
  if (stored === "light" || stored === "dark") return stored;
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

export function useThemeName(): [ThemeName, (t: ThemeName) => void] {
  const [theme, setTheme] = useState<ThemeName>(initialTheme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  const choose = (t: ThemeName) => {
    localStorage.setItem(KEY, t);
    setTheme(t);
  };
  return [theme, choose];
}

export const CHART_THEMES: Record<ThemeName, Theme> = {
  light: { foreground: "#1d2430", grid: "#dfe3ea" },
  dark: { foreground: "#e4e8ef", grid: "#3a4250" },
};

export const ThemeContext = createContext<ThemeName>("light");
