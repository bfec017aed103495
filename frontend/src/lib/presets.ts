/**
 * One-click views reproducing each seed document's comparison from the demo data, pinned to the
 * seed's own machine so that no run uploaded later pools into them; each with a second view that
 * sets the seed beside the runs of other machines, and the caveat its figures carry.
 *
 * The views are defined once, in views.json, which the backend's test of "a point is one
 * experiment" reads too (backend/tests/test_views_one_experiment.py): every point of the
 * Explorer's landing view, History's default view and each preset's two views is one experiment.
 */
import views from "./views.json";
import { DEFAULT_STATE, type ExplorerState } from "./viewState";

export interface Preset {
  id: string;
  title: string;
  seed: string;
  /** The demo data's machine of this seed. */
  machine: string;
  state: ExplorerState;
  /** The same comparison without the machine filter: a series per machine, and every dimension the seed varies. */
  others: ExplorerState;
  /** What a reader must know about the seed's figures. */
  caveat?: string;
}

/** A view of views.json: the Explorer state fields it sets (the server checks the names it is sent). */
export type StoredView = { [K in keyof ExplorerState]?: unknown };

export function explorerView(view: StoredView): ExplorerState {
  return { ...DEFAULT_STATE, ...(view as Partial<ExplorerState>) };
}

export const PRESETS: Preset[] = views.presets.map((p) => ({
  id: p.id,
  title: p.title,
  seed: p.seed,
  machine: p.machine,
  state: explorerView(p.state),
  others: explorerView(p.others),
  ...("caveat" in p && typeof p.caveat === "string" ? { caveat: p.caveat } : {}),
}));
