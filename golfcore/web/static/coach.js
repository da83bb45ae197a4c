// The coach (opt-in, off by default, kept in the page's settings): beside the solitaire's
// board a switch and, while it is on, whether the deal can still be won («Aún se puede ganar»
// / «Ya no se puede ganar» / unknown when the search reaches its bound), asked of the server
// (`coach` with the table's version) after every change; announced only when it changes.
// After a game (the won and blocked dialogs) a «Revisión» lists the moves that cost the most
// (`coach` with `review: true`). The solver behind it sees the stock's order: the coach says
// whether the game can be won, never which cards come.

import { t, onLangChange } from "./i18n.js";
import { cardLabel } from "./cards.js";
import { h, showOverlay, hideOverlay, announce } from "./ui.js";
import * as store from "./store.js";

const VERDICT_KEY = { true: "coach.winnable", false: "coach.lost", null: "coach.unknown" };

export class Coach {
  constructor(app) {
    this.app = app;
    this.on = app.settings.coach === true;
    this.asked = null;       // "table:version" of the last verdict asked
    this.inflight = null;    // the verdict's request while it runs
    this.pending = false;
    this.verdict = undefined;   // true | false | null (unknown) | undefined (none yet)
    this.said = undefined;      // the verdict last announced
    this.review = null;         // the last review reply, redrawn on a language change
    // The tables this page asked the coach about (the last 50, kept in the settings): their
    // end-of-game dialogs say the game was played with the coach.
    this.coached = Array.isArray(app.settings.coached) ? app.settings.coached.slice(-50) : [];
    this.build();
    onLangChange(() => { this.paint(); if (this.review) this.drawReview(this.review); });
    this.paint();
  }

  build() {
    this.input = h("input", { type: "checkbox", role: "switch", id: "coach-switch", testid: "coach-switch" });
    this.input.checked = this.on;
    this.input.addEventListener("change", () => this.setOn(this.input.checked));
    this.switchText = h("span");
    this.status = h("span", { class: "coach-status", testid: "coach-status" });
    this.bar = h("div", { class: "coach-bar", testid: "coach" },
      h("label", { class: "coach-switch", for: "coach-switch" }, this.input, this.switchText),
      this.status);
    document.querySelector("#view-solitaire .toolbar").after(this.bar);
    this.reviewButtons = [];
    this.coachedNotes = [];
    for (const id of ["blocked-dialog", "won-dialog"]) {
      const buttons = document.querySelector(`[data-testid="${id}"] .buttons`);
      const button = h("button", { type: "button", class: "coach-review-button", testid: "review-button" });
      button.addEventListener("click", () => this.openReview());
      buttons.appendChild(button);
      const note = h("p", { class: "coach-coached", testid: "coached-note" });
      buttons.before(note);
      this.reviewButtons.push(button);
      this.coachedNotes.push(note);
    }
    this.title = h("h2", { id: "review-title" });
    this.about = h("p", { class: "coach-about" });
    this.body = h("div", { class: "coach-review-body", testid: "review-body", "aria-live": "polite" });
    this.closeButton = h("button", { type: "button", class: "primary", id: "review-close" });
    this.closeButton.addEventListener("click", () => hideOverlay(this.dialog));
    this.dialog = h("div", { class: "overlay", testid: "review-dialog", role: "dialog", "aria-modal": "true",
      "aria-labelledby": "review-title", hidden: true },
    h("div", { class: "dialog coach-review" }, this.title, this.about, this.body,
      h("div", { class: "buttons" }, this.closeButton)));
    this.dialog.addEventListener("click", (e) => { if (e.target === this.dialog) hideOverlay(this.dialog); });
    document.body.appendChild(this.dialog);
  }

  setOn(on) {
    this.on = on;
    this.app.settings.coach = on;
    store.saveSettings(this.app.settings);
    this.asked = null;
    this.verdict = undefined;
    this.said = undefined;
    this.paint();
    if (on) this.ask();
  }

  // The solitaire's screen shows a new state: ask about it (once per table and version).
  update() {
    if (this.on) this.ask();
    else this.paint();
  }

  current() {
    const session = this.app.session;
    const state = this.app.solitaire.state;
    if (!session || session.game !== "solitaire" || !state || !Number.isInteger(session.version)) return null;
    return { table: session.table, version: session.version, state };
  }

  async ask() {
    const now = this.current();
    if (!now) { this.paint(); return; }
    const key = `${now.table}:${now.version}`;
    if (key === this.asked) return;
    if (this.pending) return;            // asked again when the reply comes
    this.asked = key;
    this.pending = true;
    this.markCoached(now.table);
    this.paint();
    let reply = null;
    try {
      this.inflight = this.send({ version: now.version });
      reply = await this.inflight;
    } finally {
      this.pending = false;
      this.inflight = null;
    }
    const still = this.current();
    if (!this.on) return;
    if (!still || `${still.table}:${still.version}` !== key) {
      this.ask();                         // the game moved on meanwhile: this verdict is old
      return;
    }
    // Busy (a hint is searching) or a lost connection: unknown, asked again after the next move.
    this.verdict = reply && reply.ok && reply.coach ? reply.coach.winnable : null;
    if (!reply || !reply.ok) this.asked = null;
    this.paint();
    if (this.verdict !== this.said) {
      this.said = this.verdict;
      announce(t("coach.say", { verdict: t(VERDICT_KEY[String(this.verdict)]) }));
    }
  }

  // Straight to the connection, not through app.request: a verdict answered after a newer move
  // carries an older version, which must not become the session's.
  async send(fields) {
    try {
      return await this.app.net.request("coach", fields);
    } catch (e) {
      return null;                        // a lost connection: the page says so already
    }
  }

  // Resolves once no verdict is being searched: the connection runs one search at a time, so a
  // hint waits for the coach rather than be refused `busy`.
  async idle() {
    if (this.inflight) await this.inflight;
  }

  markCoached(table) {
    if (this.coached.includes(table)) return;
    this.coached = [...this.coached, table].slice(-50);
    this.app.settings.coached = this.coached;
    store.saveSettings(this.app.settings);
  }

  paint() {
    this.switchText.textContent = t("coach.switch");
    const show = this.on && !!this.current();
    this.status.hidden = !show;
    const verdict = this.pending || this.verdict === undefined ? "thinking" : String(this.verdict);
    this.status.dataset.verdict = verdict;
    this.status.textContent = verdict === "thinking" ? t("coach.thinking") : t(VERDICT_KEY[verdict]);
    for (const button of this.reviewButtons) {
      button.textContent = t("coach.review");
      button.hidden = !this.on;
    }
    const session = this.app.session;
    const coached = !!session && this.coached.includes(session.table);
    for (const note of this.coachedNotes) {
      note.textContent = t("coach.coached");
      note.hidden = !coached;
    }
    this.title.textContent = t("coach.reviewTitle");
    this.about.textContent = t("coach.about");
    this.closeButton.textContent = t("coach.close");
  }

  // ---- the review after a game ---------------------------------------------------------------

  async openReview() {
    const now = this.current();
    if (!now) return;
    this.review = null;
    this.body.replaceChildren(h("p", { role: "status" }, t("coach.reviewing")));
    showOverlay(this.dialog, "#review-close");
    const reply = await this.send({ version: now.version, review: true });
    if (this.dialog.hidden) return;
    if (!reply || !reply.ok || !reply.review) {
      this.body.replaceChildren(h("p", { class: "error" }, t("coach.failed")));
      return;
    }
    this.review = reply.review;
    this.drawReview(reply.review);
  }

  drawReview(review) {
    const moves = review.moves || [];
    const items = (review.costly || []).map((i) => moves[i]).filter(Boolean).map((m) =>
      h("li", { testid: "review-move" },
        h("strong", null, t("coach.move", { n: m.number })), " ",
        h("span", null, this.moveText(m)), " ",
        h("span", { class: m.lost_win ? "coach-cost lost" : "coach-cost" }, this.costText(m))));
    const nodes = [];
    const first = moves[0];
    if (first && first.before === false) nodes.push(h("p", null, t("coach.never")));
    if (items.length) {
      nodes.push(h("h3", { id: "review-costly" }, t("coach.costly")));
      nodes.push(h("ol", { class: "coach-moves", "aria-labelledby": "review-costly" }, ...items));
    } else if (!first || first.before !== false) {
      nodes.push(h("p", { testid: "review-none" }, t("coach.none")));
    }
    if (!review.complete) nodes.push(h("p", { class: "coach-note" }, t("coach.incomplete")));
    if (review.cut) nodes.push(h("p", { class: "coach-note" }, t("coach.cut", { n: moves.length })));
    this.body.replaceChildren(...nodes);
  }

  moveText(m) {
    const card = m.card ? cardLabel(m.card) : "";
    if (m.action === "play") return t("coach.played", { card, column: m.column });
    if (m.action === "draw") return t("coach.drew", { card });
    return t("coach.redeal");
  }

  costText(m) {
    if (m.lost_win) return t("coach.costWin");
    const loss = m.fair ? Math.round(m.fair.loss * 100) : 0;
    return t("coach.costFair", { p: loss < 1 ? "<1" : loss });
  }
}
