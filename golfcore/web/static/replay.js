// The replay viewer: a game shown again step by step, from the server's `replay` reply
// (docs/web.md, "Replays and share links"). Both games: the solitaire's columns, waste and
// stock, the card game's boards (as a spectator saw them), the discard and the stock. Back,
// forward, first, last, a slider to jump to any step, the arrow keys (and Home, End) anywhere
// in the dialog; each step is said by the page's live region. The dialog also copies the
// replay's share link (a solitaire replay: its code and moves; a card-game match: its replay
// code).

import { t, tn, errorText, onLangChange, applyStatic } from "./i18n.js";
import { cardLabel, drawCard } from "./cards.js";
import { h, showOverlay, hideOverlay, notice, announce } from "./ui.js";
import { copyShown, copyText, dealLink, shareLink } from "./share.js";

let viewer = null;

export function installReplay(app) {
  viewer = new ReplayViewer(app);
  bindSolitaire(app);
  return viewer;
}

// The solitaire's buttons: «Repetición» (its table, as saved), the end dialogs' «Ver la
// repetición», and «Compartir» (copies the deal's share link), usable while a code is shown.
function bindSolitaire(app) {
  const el = (testid) => document.querySelector(`[data-testid="${testid}"]`);
  const replayOwn = () => {
    if (!app.session || app.session.game !== "solitaire") { notice(t("rp.noTable"), 4000); return; }
    openReplay({});
  };
  el("replay-open").addEventListener("click", replayOwn);
  for (const dialog of ["won", "blocked"]) {
    el(`${dialog}-replay`).addEventListener("click", () => { hideOverlay(el(`${dialog}-dialog`), { keepFocus: true }); replayOwn(); });
  }
  const code = el("game-code");
  const copy = el("copy-link");
  copy.addEventListener("click", async () => {
    const link = dealLink(code.textContent.trim());
    if (link && await copyText(link)) notice(`${t("rp.copied")}: ${link}`, 2500);
  });
  const sync = () => { copy.disabled = !dealLink(code.textContent.trim()); };
  new MutationObserver(sync).observe(code, { childList: true, characterData: true, subtree: true });
  sync();
}

// Open the viewer on the reply to `replay` with `fields` ({} for the page's own table).
export function openReplay(fields) {
  return viewer ? viewer.open(fields || {}) : null;
}

class ReplayViewer {
  constructor(app) {
    this.app = app;
    this.data = null;
    this.index = 0;
    this.build();
    onLangChange(() => { if (this.data) this.show(this.index, true); });
  }

  build() {
    const btn = (testid, key, onclick, extra) => h("button", Object.assign({ type: "button", testid, "data-i18n": key, onclick }, extra || {}), t(key));
    this.title = h("h2", { id: "replay-title" }, t("rp.title"));
    this.board = h("div", { class: "rp-board", testid: "replay-board" });
    this.stepText = h("p", { class: "rp-step", testid: "replay-step", id: "replay-step" });
    this.slider = h("input", { type: "range", min: "0", max: "0", value: "0", step: "1", testid: "replay-slider",
      id: "replay-slider", "data-i18n-attr": "aria-label:rp.slider", "aria-label": t("rp.slider"),
      oninput: () => this.show(Number(this.slider.value)) });
    this.first = btn("replay-first", "rp.first", () => this.show(0), { "aria-keyshortcuts": "Home" });
    this.back = btn("replay-back", "rp.back", () => this.show(this.index - 1), { "aria-keyshortcuts": "ArrowLeft" });
    this.forward = btn("replay-forward", "rp.forward", () => this.show(this.index + 1), { class: "primary", "aria-keyshortcuts": "ArrowRight" });
    this.last = btn("replay-last", "rp.last", () => this.show(this.steps().length - 1), { "aria-keyshortcuts": "End" });
    this.link = h("input", { type: "text", readonly: true, class: "rp-link", testid: "replay-link", id: "replay-link",
      spellcheck: "false" });
    this.linkLabel = h("label", { for: "replay-link", "data-i18n": "rp.link" }, t("rp.link"));
    this.copy = btn("replay-copy-link", "rp.copyLink", () => this.copyLink(), { class: "small" });
    this.linkRow = h("div", { class: "rp-share" }, this.linkLabel, this.link, this.copy);
    this.close = btn("replay-close", "rp.close", () => hideOverlay(this.el));
    this.el = h("div", { class: "overlay", testid: "replay-dialog", role: "dialog", "aria-modal": "true",
      "aria-labelledby": "replay-title", "aria-describedby": "replay-step", hidden: true },
    h("div", { class: "dialog rp-dialog" }, this.title, this.board,
      h("div", { class: "rp-controls" }, this.first, this.back, this.slider, this.forward, this.last),
      this.stepText, this.linkRow, h("div", { class: "buttons" }, this.close)));
    // The arrow keys step anywhere in the dialog (the slider takes them itself).
    this.el.addEventListener("keydown", (e) => {
      if (e.target === this.slider || e.target === this.link || e.altKey || e.ctrlKey || e.metaKey) return;
      const moves = { ArrowLeft: -1, ArrowRight: 1 };
      if (e.key in moves) { e.preventDefault(); this.show(this.index + moves[e.key]); }
      else if (e.key === "Home") { e.preventDefault(); this.show(0); }
      else if (e.key === "End") { e.preventDefault(); this.show(this.steps().length - 1); }
    });
    document.body.appendChild(this.el);
  }

  steps() { return (this.data && this.data.steps) || []; }

  isOpen() { return !this.el.hidden; }

  async open(fields) {
    const reply = await this.app.request("replay", fields);
    if (!reply) return false;
    if (!reply.ok) { notice(errorText(reply), 6000); return false; }
    this.data = reply;
    const count = this.steps().length;
    this.slider.max = String(Math.max(count - 1, 0));
    const link = shareLink(reply);
    this.link.value = link || "";
    this.linkRow.hidden = !link;
    applyStatic(this.el);
    showOverlay(this.el, '[data-testid="replay-forward"]');
    this.show(0, true);
    return true;
  }

  async copyLink() {
    if (await copyShown(this.link)) notice(t("rp.copied"), 2000);
  }

  show(index, quiet) {
    const steps = this.steps();
    if (!steps.length) return;
    const i = Math.max(0, Math.min(steps.length - 1, index));
    this.index = i;
    const step = steps[i];
    this.slider.value = String(i);
    const text = this.describe(step, i, steps.length);
    this.slider.setAttribute("aria-valuetext", text);
    this.stepText.textContent = text;
    this.title.textContent = `${t("rp.title")} · ${this.data.code || ""}`;
    this.first.disabled = this.back.disabled = i === 0;
    this.forward.disabled = this.last.disabled = i === steps.length - 1;
    // A disabled button loses the focus: keep it in the dialog, on the slider.
    if (document.activeElement && document.activeElement.disabled) this.slider.focus();
    if (!this.el.contains(document.activeElement) && !this.el.hidden) this.slider.focus();
    this.board.replaceChildren(this.data.game === "card-game" ? this.cardBoard(step) : this.solitaireBoard(step));
    if (!quiet) announce(text);
  }

  // "Jugada 3 de 40: Robas del mazo: 8 de corazones al descarte"
  describe(step, i, count) {
    const where = t("rp.stepOf", { n: i, total: count - 1 });
    if (i === 0) return `${where}: ${t("rp.dealt")}`;
    let what = "";
    if (this.data.game === "card-game") {
      const [word, place] = String(step.action || "").split(/\s+/);
      // six-card golf: a drawn card discarded ends the turn, nothing is turned up
      const key = word === "discard" && !place ? "rp.discardEnd" : `cg.last.${word}`;
      what = t(key, { n: (step.seat ?? 0) + 1, p: place || "" });
      if (what === key) what = String(step.action || "");
    } else {
      const word = String(step.action || "").split(/\s+/)[0];
      const card = step.waste ? cardLabel(step.waste) : t("say.empty");
      const key = { draw: "say.draw", undo: "say.undo", redeal: "say.redeal", play: "say.play" }[word];
      if (word === "next-hole") what = t("round.holeOf", { hole: step.hole ?? "", holes: 9 });
      else what = key ? t(key, { card }) : "";
      if (step.status === "won") what += `. ${t("say.won")}`;
    }
    return `${where}: ${what}`;
  }

  solitaireBoard(step) {
    const columns = (step.columns || []).map((cards, c) => {
      const name = t("board.column", { n: c + 1 });
      const label = cards.length ? `${name}: ${cards.map(cardLabel).join(", ")}` : `${name}, ${t("board.empty")}`;
      return h("div", { class: "rp-column", role: "img", "aria-label": label },
        cards.map((code) => miniCard(code)));
    });
    const waste = step.waste || null;
    const count = step.stock ?? 0;
    return h("div", { class: "rp-solitaire" },
      h("div", { class: "rp-columns" }, columns),
      h("div", { class: "rp-piles" },
        h("div", { class: "rp-pile", role: "img", "aria-label": waste ? t("board.wasteLabel", { card: cardLabel(waste) }) : t("board.wasteEmpty") },
          h("span", { class: "rp-pile-label", "aria-hidden": "true" }, t("board.waste")), waste ? miniCard(waste) : h("span", { class: "rp-empty" })),
        h("div", { class: "rp-pile", role: "img", "aria-label": `${t("board.stock")}: ${tn("rp.cards", count)}` },
          h("span", { class: "rp-pile-label", "aria-hidden": "true" }, t("board.stock")),
          count ? miniCard(null) : h("span", { class: "rp-empty" }),
          h("span", { class: "rp-count", "aria-hidden": "true" }, String(count))),
        h("div", { class: "rp-pile rp-stat" }, h("span", { class: "rp-pile-label" }, t("tool.moves")), h("strong", null, String(step.moves ?? 0)))));
  }

  cardBoard(step) {
    const [rows, cols] = step.shape || [3, 3];
    const boards = (step.boards || []).map((cards, seat) => {
      const name = t("cg.seatName", { n: seat + 1 });
      const label = `${name}: ${cards.map((c) => (c ? cardLabel(c) : t("cg.faceDown"))).join(", ")}`;
      const grid = h("div", { class: "rp-grid", role: "img", "aria-label": label }, cards.map((c) => miniCard(c)));
      grid.style.setProperty("--cols", String(cols));
      grid.style.setProperty("--rows", String(rows));
      const total = step.totals ? step.totals[seat] : null;
      return h("div", { class: "rp-seat" + (step.seat === seat && step.action ? " rp-acted" : ""), testid: `replay-board-${seat}` },
        h("div", { class: "rp-seat-head" }, h("strong", null, name),
          total !== null && total !== undefined ? h("span", null, t("cg.total", { n: total })) : null), grid);
    });
    const top = step.discard || null;
    const count = step.stock_count ?? 0;
    return h("div", { class: "rp-cardgame" },
      h("p", { class: "rp-round" }, t("cg.round", { n: step.round ?? 1 })),
      h("div", { class: "rp-seats" }, boards),
      h("div", { class: "rp-piles" },
        h("div", { class: "rp-pile", role: "img", "aria-label": `${t("cg.stock")}: ${tn("rp.cards", count)}` },
          h("span", { class: "rp-pile-label", "aria-hidden": "true" }, t("cg.stock")), count ? miniCard(null) : h("span", { class: "rp-empty" })),
        h("div", { class: "rp-pile", role: "img", "aria-label": `${t("cg.discard")}: ${top ? cardLabel(top) : "—"}` },
          h("span", { class: "rp-pile-label", "aria-hidden": "true" }, t("cg.discard")), top ? miniCard(top) : h("span", { class: "rp-empty" }))));
  }
}

// A small card face (or its back), drawn as the board's are; its name is on its group.
function miniCard(code) {
  const el = h("span", { class: "card rp-card", "aria-hidden": "true" });
  drawCard(el, code || null);
  return el;
}
