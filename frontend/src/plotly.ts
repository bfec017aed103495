/** The slim Plotly bundle: core (with scatter) plus bar and box (the drill-down's distributions), nothing else. */
import Plotly from "plotly.js/lib/core";
import bar from "plotly.js/lib/bar";
import box from "plotly.js/lib/box";

Plotly.register([bar, box]);

export default Plotly;
