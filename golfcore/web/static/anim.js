// Cards in flight (the FLIP technique with the Web Animations API): the board is drawn at once
// in its new state, then a card that moved is animated from where it was to where it is now.
// The animation is decoration only: it never delays the state, the focus or the next input,
// and with the system's "reduce motion" nothing animates at all.

const motion = window.matchMedia("(prefers-reduced-motion: reduce)");

export function reducedMotion() { return motion.matches; }

// Where an element is on screen now (null when it is not drawn).
export function rectOf(el) {
  if (!el || !el.isConnected) return null;
  const r = el.getBoundingClientRect();
  return r.width && r.height ? r : null;
}

// Animate `el` (already in its new place) from the rectangle `from` to where it is.
export function flyFrom(el, from, opts) {
  if (reducedMotion() || !el || !from || typeof el.animate !== "function") return null;
  const to = el.getBoundingClientRect();
  if (!to.width || !to.height) return null;
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  const sx = from.width / to.width;
  const sy = from.height / to.height;
  const o = opts || {};
  if (!o.flip && Math.abs(dx) < 1 && Math.abs(dy) < 1) return null;
  const start = `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})`;
  const frames = o.flip
    ? [{ transform: `${start} rotateY(90deg)` }, { transform: "rotateY(0deg)" }]
    : [{ transform: start }, { transform: "none" }];
  const anim = el.animate(frames, { duration: o.duration || 240, easing: "cubic-bezier(.2,.7,.3,1)" });
  anim.id = "card-flight";
  // above its neighbours while it flies (a class, not an inline style attribute in the HTML)
  el.classList.add("flying");
  anim.finished.then(() => el.classList.remove("flying"), () => el.classList.remove("flying"));
  return anim;
}

// The card game: before a redraw, where its piles and the places of the boards are.
export function tableRects(root) {
  const rects = new Map();
  for (const el of root.querySelectorAll('[data-testid="cg-stock"], [data-testid="cg-discard"], [data-testid="cg-held"] .card, [data-testid^="place-"]')) {
    const key = el.dataset.testid || "cg-held";
    const r = rectOf(el);
    if (r) rects.set(key, r);
  }
  return rects;
}

// After the redraw: the card the last action moved flies from where it came from.
// draw: stock -> hand; take: discard -> hand; replace/discard N: hand -> place N (and the
// card it replaced to the discard); discard: hand -> discard; reveal N turns over in place.
export function tableFlight(root, last, before) {
  if (!last || !before || reducedMotion()) return;
  const text = typeof last.action === "string" ? last.action : "";
  const [word, place] = text.split(/\s+/);
  const q = (sel) => root.querySelector(sel);
  const placeEl = place ? q(`[data-testid="place-${last.seat}-${place}"]`) : null;
  const discardCard = q('[data-testid="cg-discard"] .card');
  const heldCard = q('[data-testid="cg-held"] .card');
  if (word === "draw") flyFrom(heldCard, before.get("cg-stock"));
  else if (word === "take") flyFrom(heldCard, before.get("cg-discard"));
  else if (word === "discard" && !place) flyFrom(discardCard, before.get("cg-held"));
  else if (word === "replace" && placeEl) {
    flyFrom(placeEl, before.get("cg-held"));
    flyFrom(discardCard, before.get(`place-${last.seat}-${place}`));
  } else if (word === "discard" && placeEl) {
    flyFrom(discardCard, before.get("cg-held"));
    flyFrom(placeEl, before.get(`place-${last.seat}-${place}`), { flip: true });
  } else if (word === "reveal" && placeEl) {
    flyFrom(placeEl, before.get(`place-${last.seat}-${place}`), { flip: true });
  }
}

// The solitaire: called with the reply of an accepted action, before the board is redrawn;
// returns what to run once it is (the flight of the card that moved), or null.
// play: the column's card (or where a drag left it) -> the waste; draw: the stock -> the
// waste; undo: the waste -> the column or the stock that got its card back.
export function boardFlight(board, cmd, fields, from) {
  if (reducedMotion()) return null;
  const columns = board.columnEls;
  const waste = board.wasteEl;
  const stock = board.stockEl;
  const landOnWaste = (start) => () => {
    const face = waste.querySelector(".card");
    if (face) face.classList.remove("arrive");
    flyFrom(face, start);
  };
  if (cmd === "play") {
    const col = columns[(fields.column || 0) - 1];
    const card = col && (fields.row ? col.querySelectorAll("button.card")[fields.row - 1] : col.querySelector('[data-free="true"]'));
    return landOnWaste(from || rectOf(card));
  }
  if (cmd === "draw") return landOnWaste(rectOf(stock.querySelector(".card")) || rectOf(stock));
  if (cmd === "undo") {
    const start = rectOf(waste.querySelector(".card")) || rectOf(waste);
    const counts = columns.map((c) => c.querySelectorAll("button.card").length);
    const stockCount = Number(stock.dataset.count || 0);
    return () => {
      const i = columns.findIndex((c, k) => c.querySelectorAll("button.card").length === counts[k] + 1);
      const target = i >= 0 ? columns[i].querySelector('[data-free="true"]')
        : Number(stock.dataset.count || 0) > stockCount ? stock.querySelector(".card") : null;
      flyFrom(target, start);
    };
  }
  return null;
}
