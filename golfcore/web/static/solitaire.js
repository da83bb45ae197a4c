// The solitaire screen: seven columns, the waste and the stock, undo, hint, points and moves,
// and the end-of-game dialogs. Every action goes through app.action(), which adds the table's
// version and handles `stale` refusals; this module renders whatever state comes back.

import { t, tn, pickMessage, errorText, onLangChange } from "./i18n.js";
import { cardButton, drawCard, cardLabel } from "./cards.js";
import { $, h, showOverlay, hideOverlay, notice, copyText, announce } from "./ui.js";
import { Scorecard } from "./round.js";
import { boardFlight } from "./anim.js";
import { installDrag } from "./drag.js";
import { sound } from "./sound.js";

export class Solitaire {
  constructor(app) {
    this.app = app;
    this.state = null;
    this.round = null;
    this.prevStatus = null;
    this.busy = false;
    this.hintTimer = null;
    this.columnsEl = document.getElementById("columns");
    this.stockEl = $("stock");
    this.wasteEl = $("waste");
    this.messageEl = $("message");
    this.blocked = $("blocked-dialog");
    this.won = $("won-dialog");
    this.scorecard = new Scorecard(app, $("scorecard"), () => this.nextHole());
    this.buildColumns();
    this.bind();
    installDrag(this);
    this.messageSource = null;   // () => the board message's text, in the page's language
    onLangChange(() => {
      if (this.state) this.render(this.state, this.round, { quiet: true });
      // the message on screen follows the switch (not announced again)
      this.messageEl.textContent = this.messageSource ? this.messageSource() : "";
    });
  }

  buildColumns() {
    this.columnEls = [];
    for (let c = 1; c <= 7; c++) {
      const col = h("div", { class: "column", role: "group", testid: `column-${c}`, "data-column": c });
      this.columnsEl.appendChild(col);
      this.columnEls.push(col);
    }
  }

  bind() {
    this.columnsEl.addEventListener("click", (e) => {
      const btn = e.target.closest("button.card");
      if (!btn || !this.columnsEl.contains(btn)) return;
      this.play(Number(btn.dataset.column), Number(btn.dataset.row));
    });
    this.stockEl.addEventListener("click", () => this.draw());
    $("undo").addEventListener("click", () => this.undo());
    $("hint").addEventListener("click", () => this.hint());
    $("redeal").addEventListener("click", () => this.redeal());
    $("copy-code").addEventListener("click", async () => {
      const code = $("game-code").textContent.trim();
      if (code && await copyText(code)) notice(() => `${t("tool.copied")}: ${code}`, 2000);
    });
    $("blocked-undo").addEventListener("click", () => { hideOverlay(this.blocked); this.undo(); });
    $("blocked-new").addEventListener("click", () => { hideOverlay(this.blocked); this.app.openNewDialog(); });
    document.getElementById("blocked-close").addEventListener("click", () => hideOverlay(this.blocked));
    document.getElementById("won-new").addEventListener("click", () => { hideOverlay(this.won); this.app.openNewDialog(); });
    document.getElementById("won-close").addEventListener("click", () => hideOverlay(this.won));
  }

  // ---- actions -----------------------------------------------------------------------------

  // `from`: where a dragged card was dropped (its flight to the waste starts there).
  async play(column, row, from) {
    const fields = { column };
    if (row) fields.row = row;
    await this.act("play", fields, from);
  }

  // The stock (a touch or the space key) draws; once it is empty, under a variant that allows
  // passes through the stock, it turns the waste over instead (as the redeal button does).
  async draw() { await this.act(this.mayRedeal() ? "redeal" : "draw", {}); }

  async redeal() { await this.act("redeal", {}); }

  mayRedeal() {
    const state = this.state;
    return !!state && state.status === "playing" && (state.legal || []).includes("redeal");
  }

  async undo() { await this.act("undo", {}); }

  async act(cmd, fields, from) {
    if (!this.state || this.busy) return;
    this.busy = true;
    let reply;
    try {
      reply = await this.app.action(cmd, fields);
    } finally {
      this.busy = false;
    }
    if (!reply) return;
    if (reply.ok) this.showMessage("");
    const flight = reply.ok && reply.state ? boardFlight(this, cmd, fields, from) : null;
    if (reply.state) this.render(reply.state, reply.round || this.round, { moved: reply.ok ? reply.card : null });
    if (flight) flight();
    sound(reply.ok ? (cmd === "play" ? "play" : "draw") : reply.reason && this.app.settings.interactive ? "refuse" : null);
    if (reply.ok) {
      if (reply.state) this.announceMove(cmd, reply.state);
      return;
    }
    if (reply.reason) this.showRefusal(reply);
    else if (reply.error && reply.error !== "stale") this.showMessage(() => errorText(reply), true);
  }

  // What a move did, for the live region: the card now on the waste, and the stock left.
  announceMove(cmd, state) {
    const card = state.waste ? cardLabel(state.waste) : t("say.empty");
    const key = cmd === "draw" ? "say.draw" : cmd === "undo" ? "say.undo"
      : cmd === "redeal" ? "say.redeal" : "say.play";
    let text = `${t(key, { card })}; ${tn("say.stock", state.stock ?? 0)}.`;
    if (state.status === "won") text += ` ${t("say.won")}.`;
    else if (state.status === "lost") text += ` ${pickMessage(state.messages, t("blocked.title"))}.`;
    announce(text);
  }

  async hint() {
    if (!this.state) return;
    if (this.app.coach) await this.app.coach.idle();   // one search at a time per connection
    const reply = await this.app.request("hint", { strategy: "solver" });
    if (!reply) return;
    if (!reply.ok) {
      this.showMessage(() => errorText(reply), true);
      return;
    }
    this.clearHint();
    const move = reply.hint;
    // The hint is said in the board's message line (and the live region), never in a toast
    // that could cover the board's buttons.
    if (!move) {
      this.showMessage(() => t("hint.none"));
      return;
    }
    let target;
    let text;
    if (move === "draw") {
      target = this.stockEl;
      text = () => t("hint.draw");
    } else {
      const column = parseInt(move, 10);
      const col = this.columnEls[column - 1];
      target = col && (col.querySelector('[data-free="true"]') || col);
      text = () => t("hint.column", { n: column });
    }
    this.showMessage(text);
    if (target) {
      target.classList.add("hinted");
      this.hintTimer = setTimeout(() => this.clearHint(), 4000);
    }
  }

  clearHint() {
    clearTimeout(this.hintTimer);
    for (const el of document.querySelectorAll("#view-solitaire .hinted")) el.classList.remove("hinted");
  }

  async nextHole() {
    const reply = await this.app.action("next-hole", {});
    if (reply && reply.state) this.render(reply.state, reply.round || this.round);
    if (reply && !reply.ok && reply.error !== "stale") this.showMessage(() => (reply.reason ? pickMessage(reply.messages, reply.reason) : errorText(reply)), true);
    if (reply && reply.ok && reply.round) announce(t("round.holeOf", { hole: reply.round.hole, holes: reply.round.holes || 9 }));
  }

  // ---- messages ----------------------------------------------------------------------------

  showRefusal(reply) {
    // With «reglas interactivas» off a refused touch does nothing (the document's default app
    // explains; the setting turns the explanations off).
    if (!this.app.settings.interactive) return;
    this.showMessage(() => pickMessage(reply.messages, reply.reason), true);
  }

  // The board's message line; what it says is also announced (the page's one live region).
  // `source` is a text, or a function giving it in the page's language (kept, so that the line
  // follows a language switch).
  showMessage(source, isError) {
    this.messageSource = typeof source === "function" ? source : null;
    const text = this.messageSource ? this.messageSource() : source;
    this.messageEl.textContent = text || "";
    if (text) announce(text);
    this.messageEl.classList.toggle("error", !!isError && !!text);
    if (text) {
      this.messageEl.classList.remove("flash");
      void this.messageEl.offsetWidth;  // restart the animation
      this.messageEl.classList.add("flash");
    }
  }

  // ---- rendering ---------------------------------------------------------------------------

  clear() {
    this.state = null;
    this.round = null;
    this.prevStatus = null;
    for (const col of this.columnEls) col.replaceChildren();
    this.wasteEl.replaceChildren();
    this.wasteEl.dataset.card = "";
    this.stockEl.dataset.count = "0";
    $("redeal").hidden = true;
    $("points").textContent = "0";
    $("moves").textContent = "0";
    $("game-code").textContent = "";
    this.scorecard.render(null, null);
    this.showMessage("");
    if (this.app.coach) this.app.coach.update();
  }

  render(state, round, opts) {
    const options = opts || {};
    this.state = state;
    this.round = round || null;
    this.clearHint();
    const pos = state.position || { columns: [[], [], [], [], [], [], []], waste: [] };
    this.renderColumns(pos.columns, state);
    this.renderPiles(state, options.moved);
    const score = state.score || {};
    $("points").textContent = score.value === null || score.value === undefined ? "—" : String(score.value);
    document.getElementById("points-label").textContent = t(score.kind === "strokes" ? "tool.strokes" : "tool.points");
    $("moves").textContent = String(state.moves ?? 0);
    // Shown only while a redeal is legal (a variant with passes through the stock).
    const redeal = $("redeal");
    const wasFocused = document.activeElement === redeal;
    redeal.hidden = !this.mayRedeal();
    if (wasFocused && redeal.hidden) this.stockEl.focus({ preventScroll: true });
    const code = state.code || "";
    $("game-code").textContent = code;
    $("copy-code").disabled = !code;
    document.getElementById("variant-name").textContent = this.app.variantTitle(state.variant);
    this.scorecard.render(this.round, state);
    this.renderEnd(state, options.quiet);
    if (this.app.coach) this.app.coach.update();
  }

  renderColumns(columns, state) {
    // Rebuilding the columns must not lose a keyboard user's place: the focus goes back to the
    // same card, or to its column's free card.
    const active = document.activeElement;
    const focused = active && this.columnsEl.contains(active) && active.dataset.column
      ? { column: active.dataset.column, row: Number(active.dataset.row) } : null;
    for (let c = 0; c < 7; c++) {
      const colEl = this.columnEls[c];
      const cards = columns[c] || [];
      colEl.setAttribute("aria-label", t("board.column", { n: c + 1 }) + (cards.length ? "" : `, ${t("board.empty")}`));
      const nodes = [];
      if (!cards.length) nodes.push(h("div", { class: "card-slot empty", "aria-hidden": "true" }));
      cards.forEach((code, i) => {
        const btn = cardButton(code);
        btn.dataset.card = code;
        btn.dataset.column = String(c + 1);
        btn.dataset.row = String(i + 1);
        btn.style.setProperty("--i", String(i));
        if (i === cards.length - 1) {
          btn.dataset.free = "true";
          const playable = state.status === "playing" && (state.legal || []).includes(String(c + 1));
          btn.classList.toggle("playable", playable);
          // Not by colour alone: a playable card has a mark, and says so. A free card and a
          // covered one sound different too («libre», «bloqueada»).
          const said = playable ? `${t("card.free")}, ${t("card.playable")}` : t("card.free");
          btn.setAttribute("aria-label", `${cardLabel(code)}, ${said}`);
        } else {
          btn.classList.add("covered");
          btn.setAttribute("aria-label", `${cardLabel(code)}, ${t("card.blocked")}`);
        }
        nodes.push(btn);
      });
      colEl.style.setProperty("--n", String(Math.max(cards.length, 1)));
      colEl.replaceChildren(...nodes);
    }
    if (focused) {
      const col = this.columnEls[Number(focused.column) - 1];
      const buttons = col ? [...col.querySelectorAll("button.card")] : [];
      const target = buttons[Math.min(focused.row, buttons.length) - 1];
      if (target) target.focus({ preventScroll: true });
      else this.stockEl.focus({ preventScroll: true });
    }
  }

  renderPiles(state, moved) {
    const waste = state.waste || null;
    const changed = this.wasteEl.dataset.card !== (waste || "");
    this.wasteEl.dataset.card = waste || "";
    if (waste) {
      const face = h("div", { class: "card" });
      drawCard(face, waste);
      this.wasteEl.replaceChildren(face);
      this.wasteEl.setAttribute("aria-label", t("board.wasteLabel", { card: cardLabel(waste) }));
      if (changed && moved) {
        face.classList.add("arrive");
      }
    } else {
      this.wasteEl.replaceChildren();
      this.wasteEl.setAttribute("aria-label", t("board.wasteEmpty"));
    }
    this.wasteEl.setAttribute("role", "img");
    const count = state.stock ?? 0;
    this.stockEl.dataset.count = String(count);
    this.stockEl.classList.toggle("empty", count === 0);
    const nodes = [];
    if (count > 0) {
      const back = h("div", { class: "card back", "aria-hidden": "true" }, h("span", { class: "back-pattern" }));
      nodes.push(back);
    }
    nodes.push(h("span", { class: "count", "aria-hidden": "true" }, String(count)));
    this.stockEl.replaceChildren(...nodes);
    this.stockEl.setAttribute("aria-label", count ? tn("board.stockLabel", count) : t("board.stockEmpty"));
  }

  renderEnd(state, quiet) {
    const status = state.status;
    const inRound = !!this.round;
    const lostTitle = pickMessage(state.messages, t("blocked.title"));
    document.getElementById("blocked-title").textContent = lostTitle;
    const scoreText = this.scoreText(state);
    document.getElementById("blocked-score").textContent = scoreText;
    document.getElementById("won-score").textContent = scoreText;
    document.getElementById("won-moves").textContent = tn("won.moves", state.moves ?? 0);
    if (status !== "lost") hideOverlay(this.blocked);
    if (status !== "won") hideOverlay(this.won);
    if (inRound) {
      // A round shows the hole's end on its scorecard, with the next-hole button.
      if (status === "lost" && this.prevStatus !== "lost") this.showMessage(() => pickMessage(state.messages, t("blocked.title")), true);
    } else if (!quiet && status !== this.prevStatus) {
      if (status === "lost") showOverlay(this.blocked, '[data-testid="blocked-undo"]');
      if (status === "won") showOverlay(this.won, "#won-new");
    }
    this.prevStatus = status;
  }

  scoreText(state) {
    const score = state.score || {};
    if (score.value === null || score.value === undefined) return "";
    if (score.kind === "strokes") return `${t("tool.strokes")}: ${score.value}`;
    return t("won.score", { score: score.value });
  }
}
