/**
 * Text from data as Plotly draws it. Plotly reads a subset of HTML in every label (trace names,
 * ticks, hover, annotations, titles: `<a href>` becomes a live link, `<b>`, `<br>`), so text that
 * came from data has `&`, `<` and `>` escaped: it is drawn as written, never as markup. Pure.
 */
export function plotText(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
