// Drawing the card game's table from an observation: each seat's board (a grid of card
// buttons, face-down ones as backs), the stock, the discard and the held card.

import { t, tn } from "./i18n.js";
import { cardButton, cardLabel, drawCard } from "./cards.js";
import { h } from "./ui.js";

export function seatName(seat) {
  return t("cg.seatName", { n: seat + 1 });
}

// The places that counted 0 for `seat` in a finished round (result.cancelled: per seat, places).
function cancelledPlaces(obs, seat) {
  const result = obs.result;
  if (!result || !Array.isArray(result.cancelled)) return new Set();
  const list = result.cancelled[seat];
  return new Set(Array.isArray(list) ? list : []);
}

// One seat's board: <div data-testid="board-N"> with buttons place-N-P (P from 1, row by row).
export function renderBoard(obs, seat, opts) {
  const o = opts || {};
  const [rows, cols] = obs.shape || [3, 3];
  const cards = (obs.boards && obs.boards[seat]) || [];
  const cancelled = cancelledPlaces(obs, seat);
  const places = [];
  for (let p = 1; p <= rows * cols; p++) {
    const code = cards[p - 1] || null;
    const where = t("cg.place", { s: seat + 1, p });
    const btn = cardButton(code, null);
    btn.setAttribute("aria-label", `${where}: ${code ? cardLabel(code) : t("cg.faceDown")}`);
    btn.dataset.testid = `place-${seat}-${p}`;
    btn.dataset.card = code || "";
    btn.dataset.place = String(p);
    btn.dataset.seat = String(seat);
    if (cancelled.has(p)) btn.classList.add("cancelled");
    if (o.actionable && o.actionable.has(p)) {
      // Not by colour alone: the card has a mark, and its name says it can be touched.
      btn.classList.add("playable");
      btn.setAttribute("aria-label", `${where}: ${code ? cardLabel(code) : t("cg.faceDown")}, ${t("card.playable")}`);
    }
    if (!o.mine) btn.tabIndex = -1;
    places.push(btn);
  }
  const kind = o.kind || "human";
  const who = o.mine ? ` (${t("cg.you")})` : (kind.startsWith("bot") ? ` (${t("cg.bot")})` : "");
  const showing = obs.showing ? obs.showing[seat] : null;
  const total = obs.totals ? obs.totals[seat] : null;
  const toAct = obs.turn === seat && obs.step !== "over";
  const head = h("div", { class: "cg-board-head" },
    h("strong", null, seatName(seat), who ? h("span", { class: "who" }, who) : null),
    total !== null && total !== undefined ? h("span", { class: "total" }, t("cg.total", { n: total })) : null,
    showing !== null && showing !== undefined && obs.step !== "over"
      ? h("span", { class: "showing" }, tn("cg.showing", showing)) : null);
  const grid = h("div", { class: "cg-grid", role: "group", "aria-label": seatName(seat),
    style: `--cols:${cols};--rows:${rows}` }, places);
  const classes = ["cg-board", o.mine ? "mine" : "other", toAct ? "to-act" : "",
    obs.ender === seat ? "ender" : ""].filter(Boolean).join(" ");
  return h("div", { class: classes, testid: `board-${seat}`, "data-seat": seat }, head, grid);
}

// The middle of the table: stock (count), discard (top card), the held card.
export function renderCenter(obs, handlers, viewer) {
  const stockCount = obs.stock_count ?? 0;
  const stock = h("button", { type: "button", class: "cg-pile stock slot", testid: "cg-stock", "aria-keyshortcuts": "D Space",
    "data-count": stockCount, "aria-label": `${t("cg.stock")}: ${stockCount}`,
    onclick: handlers.onStock },
  stockCount ? h("div", { class: "card back", "aria-hidden": "true" }, h("span", { class: "back-pattern" })) : null,
  h("span", { class: "count", "aria-hidden": "true" }, String(stockCount)));

  const top = obs.discard || null;
  const discard = h("button", { type: "button", class: "cg-pile discard slot", testid: "cg-discard",
    "data-card": top || "", "data-count": obs.discard_count ?? 0,
    "aria-label": `${t("cg.discard")}: ${top ? cardLabel(top) : "—"}`, onclick: handlers.onDiscard });
  if (top) {
    const face = h("div", { class: "card", "aria-hidden": "true" });
    drawCard(face, top);
    discard.appendChild(face);
  }

  const pieces = [
    h("div", { class: "pile" }, h("div", { class: "pile-label" }, t("cg.stock")), stock),
    h("div", { class: "pile" }, h("div", { class: "pile-label" }, t("cg.discard")), discard),
  ];
  const held = obs.held;
  if (held) {
    const face = h("div", { class: "card held-card", "aria-hidden": "true" });
    drawCard(face, held.card || null);
    const whose = obs.turn === viewer ? t("cg.held") : `${seatName(obs.turn)}: ${t("cg.held").toLowerCase()}`;
    const from = held.card ? t(`cg.heldFrom.${held.from}`) : t("cg.heldHidden");
    pieces.push(h("div", { class: "pile held", testid: "cg-held", "data-card": held.card || "",
      role: "img", "aria-label": `${whose}: ${held.card ? cardLabel(held.card) : t("cg.faceDown")} (${from})` },
    h("div", { class: "pile-label" }, whose), face, h("div", { class: "pile-sub" }, from)));
  }
  return h("div", { class: "cg-center" }, pieces);
}

// Marks the place, stock or discard the table's last action (`last`: {seat, action, by})
// touched, and the board of a computer that acted, inside the table `tableEl`.
export function markLast(tableEl, last) {
  if (!last) return;
  const text = typeof last.action === "string" ? last.action : "";
  const [word, place] = text.split(/\s+/);
  let el = null;
  if (place) el = tableEl.querySelector(`[data-testid="place-${last.seat}-${place}"]`);
  else if (word === "draw") el = tableEl.querySelector('[data-testid="cg-stock"]');
  else if (word === "take") el = tableEl.querySelector('[data-testid="cg-discard"]');
  if (el) el.classList.add("just-played");
  const board = tableEl.querySelector(`[data-testid="board-${last.seat}"]`);
  if (board && last.by === "bot") board.classList.add("just-acted");
}
