/** The slim Plotly bundle: core (with scatter) plus bar, nothing else. */
import Plotly from "plotly.js/lib/core";
import bar from "plotly.js/lib/bar";

Plotly.register([bar]);

export default Plotly;
