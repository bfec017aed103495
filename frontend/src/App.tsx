/** Layout, navigation, theme and routes. */
import { NavLink, Route, Routes } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { VocabularyProvider, vocabularyQuery } from "./api/vocabulary";
import { ThemeContext, useThemeName } from "./lib/theme";
import { ChangesPage } from "./pages/ChangesPage";
import { ComparePage } from "./pages/ComparePage";
import { ExplorerPage } from "./pages/ExplorerPage";
import { ImportPage } from "./pages/ImportPage";
import { LeaksPage } from "./pages/LeaksPage";
import { HistoryPage } from "./pages/HistoryPage";
import { MachinesPage } from "./pages/MachinesPage";
import { MatrixPage } from "./pages/MatrixPage";
import { RunDetailPage } from "./pages/RunDetailPage";
import { RunsPage } from "./pages/RunsPage";
import { TradeoffPage } from "./pages/TradeoffPage";
import { ForgetReadToken, ReadTokenForm, useReadToken } from "./components/ReadToken";
import { Empty, ErrorMessage, Loading } from "./components/States";

/** The pages read units, labels and rules from the server's vocabulary: render them once it is here, under its provider. */
function Pages() {
  const vocabulary = useQuery(vocabularyQuery());
  if (vocabulary.isError) return <ErrorMessage error={vocabulary.error} what="the vocabulary" />;
  if (!vocabulary.data) return <Loading what="the vocabulary" />;
  return (
    <VocabularyProvider value={vocabulary.data}>
      <Routes>
        <Route path="/" element={<ExplorerPage />} />
        <Route path="/matrix" element={<MatrixPage />} />
        <Route path="/tradeoff" element={<TradeoffPage />} />
        <Route path="/runs" element={<RunsPage />} />
        <Route path="/runs/:runId" element={<RunDetailPage />} />
        <Route path="/machines" element={<MachinesPage />} />
        <Route path="/compare" element={<ComparePage />} />
        <Route path="/history" element={<HistoryPage />} />
        <Route path="/changes" element={<ChangesPage />} />
        <Route path="/leaks" element={<LeaksPage />} />
        <Route path="/import" element={<ImportPage />} />
        <Route path="*" element={<Empty>This page does not exist.</Empty>} />
      </Routes>
    </VocabularyProvider>
  );
}

export function App() {
  const [theme, setTheme] = useThemeName();
  const read = useReadToken();
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
          <NavLink to="/tradeoff">Size vs speed</NavLink>
          <NavLink to="/runs">Runs</NavLink>
          <NavLink to="/machines">Machines</NavLink>
          <NavLink to="/compare">Compare</NavLink>
          <NavLink to="/history">History</NavLink>
          <NavLink to="/changes">Changes</NavLink>
          <NavLink to="/leaks">Constant time</NavLink>
          <NavLink to="/import">Import</NavLink>
        </nav>
        <button
          type="button"
          onClick={() => setTheme(theme === "dark" ? "light" : "dark")}
          aria-label="Toggle dark mode"
        >
          {theme === "dark" ? "Light theme" : "Dark theme"}
        </button>
        {read.token && <ForgetReadToken />}
      </header>
      <main id="main">
        {read.refused === null ? <Pages /> : <ReadTokenForm refused={read.refused} />}
      </main>
    </ThemeContext>
  );
}
