// The solitaire's board on a phone fills what is left of the screen below its top (style.css:
// the columns' strips grow with --board-top's room). That top moves with the header and the
// toolbar (its rows wrap, buttons come and go), so it is measured here whenever the window or
// the page changes size (an unchanged top sets the same value, so it settles at once).

const view = document.getElementById("view-solitaire");
const columns = document.getElementById("columns");

function fit() {
  if (!view || !columns || view.hidden) return;
  const top = Math.round(columns.getBoundingClientRect().top + window.scrollY);
  const value = `${top}px`;
  if (view.style.getPropertyValue("--board-top") !== value) view.style.setProperty("--board-top", value);
}

if (view && columns) {
  window.addEventListener("resize", fit);
  if (window.ResizeObserver) new ResizeObserver(fit).observe(document.body);
  fit();
}
