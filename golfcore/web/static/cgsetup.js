// The card game's setup form: variant (card-game variants of `hello`), board shape (composed
// into the variant string: `card-golf+shape=2x4`), 2 to 6 seats, each a person or a computer
// opponent (the bots of `hello`'s web.bots), and whether every person plays on this device.
// A match code (GC1-...) or a replay code (GK1-...) deals that match again: the code gives the
// variant, the board and the number of players (the seats follow it).

import { t, pick, errorText } from "./i18n.js";
import { h } from "./ui.js";

// docs/card-game.md: the shapes of the decision (CG-02) and each variant's own.
export const SHAPES = ["2x2", "2x3", "2x4", "3x3", "3x4"];
const DEFAULT_SHAPE = { "card-golf": "3x3", "six-card": "2x3" };

const CODE_START = /^\s*(GC1|GK1)-[A-Z]([2-6])[1-9][1-9]-/i;
const CODE = /^(GC1-[A-Z][2-6][1-9][1-9]-[A-Z]{7}|GK1-[A-Z][2-6][1-9][1-9](-[A-Z]{7}){4})$/;

export function composeVariant(name, shape) {
  const base = DEFAULT_SHAPE[name];
  if (!shape || shape === base) return name;
  return `${name}+shape=${shape}`;
}

export class CardGameSetup {
  constructor(app, onStart) {
    this.app = app;
    this.onStart = onStart;
    this.kinds = ["human", "bot:random", "bot:greedy", "bot:strong"];
    this.botInfo = {};
    this.variants = [];
    this.seatValues = ["human", "bot:greedy", "bot:greedy", "bot:greedy", "bot:greedy", "bot:greedy"];
    this.el = h("form", { class: "cg-setup panel", onsubmit: (e) => { e.preventDefault(); this.start(); } });
    this.build();
  }

  setHello(hello) {
    this.variants = (hello.variants || []).filter((v) => v.game === "card-game");
    const bots = hello.web && Array.isArray(hello.web.bots) ? hello.web.bots : null;
    if (bots && bots.length) this.kinds = ["human", ...bots.map((b) => `bot:${b}`)];
    // Each level's name and one-line description, as the bot itself gives them (hello's
    // web.bot_info): a bot added as a plugin is offered without a change here.
    const info = hello.web && Array.isArray(hello.web.bot_info) ? hello.web.bot_info : [];
    this.botInfo = {};
    for (const b of info) if (b && typeof b.name === "string") this.botInfo[`bot:${b.name}`] = b;
    this.build();
  }

  kindLabel(kind) {
    const info = this.botInfo[kind];
    if (info) return t("cg.kind.bot", { name: pick(info.titles, info.name) });
    const key = `cg.kind.${kind}`;
    const text = t(key);
    return text === key ? kind : text;
  }

  build() {
    const prevVariant = this.variantSel ? this.variantSel.value : "card-golf";
    const prevShape = this.shapeSel ? this.shapeSel.value : "";
    const prevPlayers = this.playersSel ? Number(this.playersSel.value) : 2;
    const prevHere = this.hereBox ? this.hereBox.checked : true;
    const prevCode = this.codeInput ? this.codeInput.value : "";

    const variants = this.variants.length ? this.variants : [{ name: "card-golf", title: "card-golf" }];
    this.variantSel = h("select", { testid: "cg-variant", id: "cg-variant",
      onchange: () => { this.shapeSel.value = DEFAULT_SHAPE[this.variantSel.value] || "3x3"; } },
      variants.map((v) => h("option", { value: v.name }, pick(v.titles, v.title || v.name))));
    if (variants.some((v) => v.name === prevVariant)) this.variantSel.value = prevVariant;

    this.shapeSel = h("select", { testid: "cg-shape", id: "cg-shape" },
      SHAPES.map((s) => h("option", { value: s }, s.replace("x", "×"))));
    this.shapeSel.value = prevShape || DEFAULT_SHAPE[this.variantSel.value] || "3x3";

    this.playersSel = h("select", { testid: "cg-players", id: "cg-players",
      onchange: () => this.buildSeats() },
      [2, 3, 4, 5, 6].map((n) => h("option", { value: n }, String(n))));
    this.playersSel.value = String(prevPlayers);

    this.seatsEl = h("div", { class: "cg-seats" });
    this.hereBox = h("input", { type: "checkbox", id: "cg-here", testid: "cg-here" });
    this.hereBox.checked = prevHere;
    this.codeInput = h("input", { type: "text", id: "cg-code-input", testid: "cg-code-input", autocomplete: "off",
      spellcheck: "false", autocapitalize: "characters", maxlength: "60", placeholder: t("cg.codePlaceholder"),
      "aria-describedby": "cg-code-note", oninput: () => this.codeChanged() });
    this.codeInput.value = prevCode;
    this.codeError = h("div", { class: "error", role: "alert", testid: "cg-code-error", hidden: true });
    this.errorEl = h("div", { class: "error", role: "alert", hidden: true });
    this.startBtn = h("button", { type: "submit", class: "primary", testid: "cg-start" }, t("cg.start"));

    this.el.replaceChildren(
      h("h1", null, t("cg.title")),
      h("div", { class: "cg-setup-grid" },
        h("label", { class: "field" }, h("span", null, t("cg.variant")), this.variantSel),
        h("label", { class: "field" }, h("span", null, t("cg.shape")), this.shapeSel),
        h("label", { class: "field" }, h("span", null, t("cg.players")), this.playersSel)),
      h("label", { class: "field cg-code" }, h("span", null, t("cg.codeField")), this.codeInput,
        h("small", { id: "cg-code-note", class: "cg-seat-note" }, t("cg.codeNote"))),
      this.codeError,
      this.seatsEl,
      h("label", { class: "check" }, this.hereBox, h("span", null, t("cg.hereAll"))),
      this.errorEl,
      h("div", { class: "buttons" }, this.startBtn));
    this.buildSeats();
    this.codeChanged(true);
  }

  // With a code, its number of players sets the seats, and the variant and board choices
  // (the code's own) are set aside.
  codeChanged(keepError) {
    if (!keepError) this.showCodeError("");
    const m = CODE_START.exec(this.codeInput.value);
    for (const sel of [this.variantSel, this.shapeSel, this.playersSel]) sel.disabled = !!m;
    if (m && this.playersSel.value !== m[2]) {
      this.playersSel.value = m[2];
      this.buildSeats();
    }
  }

  showCodeError(text) {
    this.codeError.textContent = text || "";
    this.codeError.hidden = !text;
  }

  buildSeats() {
    // Keep what was chosen for the seats that stay.
    if (this.seatsEl.children.length) {
      this.seatsEl.querySelectorAll("select").forEach((s, i) => { this.seatValues[i] = s.value; });
    }
    const n = Number(this.playersSel.value) || 2;
    const rows = [];
    for (let i = 0; i < n; i++) {
      const note = h("small", { class: "cg-seat-note", id: `cg-seat-note-${i}`, testid: `cg-seat-note-${i}` });
      const sel = h("select", { testid: `cg-seat-${i}`, id: `cg-seat-${i}`, "aria-describedby": `cg-seat-note-${i}`,
        onchange: () => this.describe(sel, note) },
        this.kinds.map((k) => h("option", { value: k, title: this.kindNote(k) || null }, this.kindLabel(k))));
      const want = this.seatValues[i] || (i === 0 ? "human" : "bot:greedy");
      sel.value = this.kinds.includes(want) ? want : this.kinds[0];
      this.describe(sel, note);
      rows.push(h("label", { class: "field seat" }, h("span", null, t("cg.seat", { n: i + 1 })), sel, note));
    }
    this.seatsEl.replaceChildren(...rows);
  }

  // The selected level's one-line description (none for a person).
  kindNote(kind) {
    const info = this.botInfo[kind];
    return info ? pick(info.descriptions, "") : "";
  }

  describe(sel, note) {
    note.textContent = this.kindNote(sel.value);
    note.hidden = !note.textContent;
  }

  showError(text) {
    this.errorEl.textContent = text || "";
    this.errorEl.hidden = !text;
  }

  async start() {
    const kinds = [...this.seatsEl.querySelectorAll("select")].map((s) => s.value);
    const humans = kinds.map((k, i) => (k === "human" ? i : -1)).filter((i) => i >= 0);
    if (!humans.length) {
      this.showError(t("cg.needHuman"));
      return;
    }
    this.showError("");
    this.showCodeError("");
    const code = this.codeInput.value.trim().toUpperCase();
    if (code && !CODE.test(code)) {
      this.showCodeError(t("cg.codeBad"));
      this.codeInput.focus();
      return;
    }
    const fields = code ? { game: "card-game", code, seat_kinds: kinds } : {
      game: "card-game",
      variant: composeVariant(this.variantSel.value, this.shapeSel.value),
      seat_kinds: kinds,
    };
    if (!this.hereBox.checked) fields.here = [humans[0]];
    this.startBtn.disabled = true;
    let reply = null;
    try {
      reply = await this.app.request("new", fields);
    } catch (e) {
      reply = null;
    } finally {
      this.startBtn.disabled = false;
    }
    if (!reply) { this.showError(t("conn.lost")); return; }
    if (!reply.ok && code) {
      // the server's bad-code text is about the solitaire's codes: say the card game's
      this.showCodeError(reply.message_code === "bad-code" ? t("cg.codeBad") : errorText(reply));
      this.codeInput.focus();
      return;
    }
    if (!reply.ok) { this.showError(errorText(reply)); return; }
    this.onStart(reply);
  }
}
