declare module "plotly.js/lib/core" {
  import type * as P from "plotly.js";
  const Plotly: typeof P & { register(modules: readonly unknown[]): void };
  export default Plotly;
}

declare module "plotly.js/lib/bar" {
  const bar: unknown;
  export default bar;
}

declare module "plotly.js/lib/box" {
  const box: unknown;
  export default box;
}
