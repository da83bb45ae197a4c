// «Nueva partida»: Fácil / Clásico, every other solitaire variant under "more rules", a game
// code to paste, a random deal (winnable deals only, with a spinner and the search's progress),
// and the traditional 9-hole round.

import { t, tn, pick, errorText, onLangChange } from "./i18n.js";
import { $, h, showOverlay, hideOverlay, rovingKeys, syncRoving } from "./ui.js";
import { DailyEntry } from "./daily.js";

export class NewGameDialog {
  constructor(app) {
    this.app = app;
    this.el = $("new-dialog");
    this.select = $("more-rules");
    this.codeInput = $("code-input");
    this.codeError = $("code-error");
    this.winnable = $("winnable");
    this.spinner = $("spinner");
    this.progress = document.getElementById("spinner-progress");
    this.waiting = false;
    this.variants = [];
    this.bind();
    this.errorSource = null;
    this.daily = new DailyEntry(this);
    onLangChange(() => {
      this.fillVariants(this.variants);
      if (this.errorSource) this.codeError.textContent = this.errorSource();
    });
  }

  bind() {
    for (const testid of ["rule-facil", "rule-clasico"]) {
      $(testid).addEventListener("click", (e) => this.choose(e.currentTarget.dataset.variant));
    }
    // A radio group: the arrow keys move the choice between Fácil and Clásico.
    const radios = () => [$("rule-facil"), $("rule-clasico")];
    rovingKeys(this.el.querySelector(".rules"), radios, (b) => this.choose(b.dataset.variant));
    this.select.addEventListener("change", () => this.choose(this.select.value));
    this.codeInput.addEventListener("input", () => this.showError(""));
    this.codeInput.addEventListener("keydown", (e) => {
      if (e.key === "Enter") { e.preventDefault(); this.start(); }
    });
    $("start").addEventListener("click", () => this.start());
    $("start-round").addEventListener("click", () => this.startRound());
    document.getElementById("new-cancel").addEventListener("click", () => this.close());
    document.getElementById("new-to-cardgame").addEventListener("click", () => {
      this.close();
      this.app.showView("cardgame", { setup: true });
    });
  }

  fillVariants(variants) {
    this.variants = variants || [];
    const current = this.select.value || "app-facil";
    const options = this.variants
      .filter((v) => v.game === "solitaire")
      .map((v) => h("option", { value: v.name }, pick(v.titles, v.title)));
    if (!options.length) options.push(h("option", { value: "app-facil" }, t("new.facil")));
    this.select.replaceChildren(...options);
    this.choose(current);
  }

  choose(variant) {
    if ([...this.select.options].some((o) => o.value === variant)) this.select.value = variant;
    const radios = [$("rule-facil"), $("rule-clasico")];
    for (const b of radios) b.setAttribute("aria-checked", String(b.dataset.variant === this.select.value));
    // Only the checked radio is in the Tab order (the first when neither is checked).
    const none = !radios.some((b) => b.dataset.variant === this.select.value);
    syncRoving(radios, (b) => b.dataset.variant === this.select.value || (none && b === radios[0]));
  }

  open() {
    this.showError("");
    if (!this.waiting) this.setWaiting(false);
    showOverlay(this.el, '[data-testid="start"]');
    this.daily.refresh();
  }

  close() {
    if (this.waiting) return;
    hideOverlay(this.el);
  }

  isOpen() { return !this.el.hidden; }

  // `source`: a text, or a function giving it (it then follows a language switch).
  showError(source) {
    this.errorSource = typeof source === "function" ? source : null;
    const text = this.errorSource ? this.errorSource() : source;
    this.codeError.textContent = text || "";
    this.codeError.hidden = !text;
  }

  setWaiting(on, showSpinner) {
    this.waiting = on;
    this.spinner.hidden = !(on && showSpinner);
    this.progress.textContent = "";
    for (const b of this.el.querySelectorAll("button, input, select")) b.disabled = on;
  }

  async start() {
    if (this.waiting) return;
    const code = this.codeInput.value.trim();
    if (code && /^GR/i.test(code)) return this.startRound();
    const fields = {};
    const variant = this.select.value || "app-facil";
    let searching = false;
    if (code) {
      fields.code = code;
    } else {
      fields.variant = variant;
      if (this.winnable.checked) { fields.winnable = true; searching = true; }
    }
    await this.send(fields, searching);
  }

  async startRound() {
    if (this.waiting) return;
    const code = this.codeInput.value.trim();
    await this.send({ round: code && /^GR/i.test(code) ? code : true }, false);
  }

  async send(fields, searching) {
    this.setWaiting(true, searching);
    this.showError("");
    let reply;
    try {
      reply = await this.app.request("new", fields, {
        onProgress: (msg) => {
          this.progress.textContent = tn("new.tried", msg.tried ?? "…");
        },
      });
    } catch (e) {
      reply = null;
    } finally {
      this.setWaiting(false);
    }
    if (!reply) {
      const key = this.app.conn.offline ? "offline.refused" : "conn.lost";
      this.showError(() => t(key));
      return;
    }
    if (!reply.ok) {
      this.showError(() => errorText(reply));
      return;
    }
    hideOverlay(this.el);
    this.codeInput.value = "";
    this.app.startedSolitaire(reply);
  }
}
