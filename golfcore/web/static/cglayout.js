// The card-game table fits the window (table.css): the boards, the stock, the discard and the
// actions are sized from what is left of the window below the top of the table. That top
// depends on the header and on the lines above the table, so it is measured here, after
// every redraw and whenever the window changes size, and handed to the CSS as --play-top.

let watched = null;

// The table's element: table.css sizes the cards from the board's shape (--rows, --cols) and
// the number of opponents (--opponents, data-opponents).
export function playAttributes(obs, opponents) {
  const [rows, cols] = obs.shape || [3, 3];
  return { class: "cg-play", "data-opponents": opponents,
    style: `--rows:${rows};--cols:${cols};--opponents:${Math.max(1, opponents)}` };
}

export function fitTable(root) {
  const play = root.querySelector(".cg-play");
  if (!play) return;
  const top = play.getBoundingClientRect().top + window.scrollY;
  root.style.setProperty("--play-top", `${Math.round(top)}px`);
}

export function watchTable(root) {
  if (watched === root) return;
  watched = root;
  const again = () => fitTable(root);
  window.addEventListener("resize", again);
  // The header, and anything that comes or goes above the table (a banner while the server is
  // away) changes the page's height: measured again then (an unchanged top changes nothing).
  if (window.ResizeObserver) {
    const observer = new ResizeObserver(again);
    const header = document.getElementById("topbar");
    if (header) observer.observe(header);
    observer.observe(document.body);
  }
}
