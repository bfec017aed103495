/** Layout, navigation, theme and routes. */
import { NavLink, Route, Routes } from "react-router";
import { ThemeContext, useThemeName } from "./lib/theme";
import { ComparePage } from "./pages/ComparePage";
import { ExplorerPage } from "./pages/ExplorerPage";
import { MachinesPage } from "./pages/MachinesPage";
import { MatrixPage } from "./pages/MatrixPage";
import { RunDetailPage } from "./pages/RunDetailPage";
import { RunsPage } from "./pages/RunsPage";
import { Empty } from "./components/States";

export function App() {
  const [theme, setTheme] = useThemeName();
  return (
    <ThemeContext value={theme}>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <h1>CryptoBench</h1>
        <nav aria-label="Main">
          <NavLink to="/" end>
            Explorer
          </NavLink>
          <NavLink to="/matrix">Matrix</NavLink>
          <NavLink to="/runs">Runs</NavLink>
          <NavLink to="/machines">Machines</NavLink>
          <NavLink to="/compare">Compare</NavLink>
        </nav>
        <button type="button" onClick={() => setTheme(theme === "dark" ? "light" : "dark")} aria-label="Toggle dark mode">
          {theme === "dark" ? "Light theme" : "Dark theme"}
        </button>
      </header>
      <main id="main">
        <Routes>
          <Route path="/" element={<ExplorerPage />} />
          <Route path="/matrix" element={<MatrixPage />} />
          <Route path="/runs" element={<RunsPage />} />
          <Route path="/runs/:runId" element={<RunDetailPage />} />
          <Route path="/machines" element={<MachinesPage />} />
          <Route path="/compare" element={<ComparePage />} />
          <Route path="*" element={<Empty>This page does not exist.</Empty>} />
        </Routes>
      </main>
    </ThemeContext>
  );
}
