// The card game's screen: the setup form, then the table. The connection holds one or more
// seats; the board shown is the seat to act when this device holds it (after a "pass the
// device" screen when several people share the device), else the first seat held. Bots' and
// other devices' actions arrive as pushes and are highlighted.

import { t, pickMessage, errorText, onLangChange } from "./i18n.js";
import { h, announce } from "./ui.js";
import { CardGameSetup } from "./cgsetup.js";
import { renderBoard, renderCenter, markLast } from "./cgboard.js";
import { renderLinks } from "./cglinks.js";
import { renderRoundResult, renderMatchOver } from "./cgresult.js";
import { matchMoment } from "./cgwin.js";
import { tableRects, tableFlight } from "./anim.js";
import { sound } from "./sound.js";
import { fitTable, watchTable, playAttributes } from "./cglayout.js";

export class CardGame {
  constructor(app) {
    this.app = app;
    this.root = document.getElementById("view-cardgame");
    this.setup = new CardGameSetup(app, (reply, here) => this.started(reply, here));
    this.tableEl = h("div", { class: "cg-table" });
    this.root.append(this.setup.el, this.tableEl);
    this.reset();
    this.showSetup(true);
    watchTable(this.tableEl);
    onLangChange(() => { this.setup.build(); this.render(); });
  }

  reset() {
    this.obs = {};          // seat -> observation
    this.held = [];         // the seats this connection plays
    this.kinds = {};        // seat -> "human" | "bot:NAME"
    this.links = {};        // seat -> token (per-seat links)
    this.confirmed = null;  // the seat the device was last handed to
    this.viewerSeat = null;
    this.mode = "replace";
    this.last = null;       // {seat, action, by} of the last push
    this.message = "";
    this.busy = false;
    this.saidTurn = null;
  }

  hasMatch() { return this.held.length > 0; }

  showSetup(on) {
    this.setup.el.hidden = !on;
    this.tableEl.hidden = on;
  }

  setHello(hello) { this.setup.setHello(hello); }

  // ---- starting and resuming --------------------------------------------------------------

  async started(reply, here) {
    const tokens = reply.tokens || {};
    this.reset();
    for (const s of reply.seats || []) this.kinds[s.seat] = s.kind;
    this.links = Object.assign({}, tokens);
    const humans = Object.keys(tokens).map(Number);
    const held = Array.isArray(reply.held) ? reply.held : (here && here.length ? here : humans);
    this.held = held.map(Number).sort((a, b) => a - b);
    this.app.tableStarted("cardgame", reply, this.held.map((s) => tokens[s]), this.links);
    this.confirmed = this.held[0];
    await this.loadObservations(reply.observations);
    this.showSetup(false);
    this.render();
    // The setup form is gone: the focus goes to the table, not to the top of the page.
    const target = this.focusTarget();
    if (target) target.focus();
    this.announceTurn();
  }

  async opened(reply, links) {
    this.reset();
    for (const s of reply.seats || []) this.kinds[s.seat] = s.kind;
    this.held = (reply.held || []).map(Number).sort((a, b) => a - b);
    this.links = links || {};
    this.confirmed = this.held[0];
    await this.loadObservations(reply.observations);
    this.showSetup(false);
    this.render();
  }

  async loadObservations(observations) {
    this.setObservations(observations);
    for (const seat of this.held) {
      if (this.obs[seat]) continue;
      const r = await this.app.request("observe", { seat });
      if (r && r.ok && r.observation) this.obs[seat] = r.observation;
    }
  }

  setObservations(observations) {
    if (!observations) return;
    const list = Array.isArray(observations) ? observations : Object.values(observations);
    for (const o of list) if (o && o.seat !== null && o.seat !== undefined) this.obs[o.seat] = o;
  }

  newMatch() {
    this.app.forgetCardGame();
    this.reset();
    this.showSetup(true);
    this.tableEl.replaceChildren();
  }

  // ---- pushes and actions -----------------------------------------------------------------

  onPush(msg) {
    if (msg.observations) this.setObservations(msg.observations);
    if (msg.last) this.last = msg.last;
    this.render();
    // Another device's or a computer's move, then whose turn it is now.
    if (msg.last) announce(this.lastText());
    this.announceTurn();
  }

  // The turn, announced when it changes (and the end of a round or of the match).
  announceTurn() {
    const obs = this.obs[this.viewer()];
    if (!obs) return;
    const key = `${obs.round}:${obs.step === "over" || obs.over ? "over" : obs.turn}`;
    if (key === this.saidTurn) return;
    this.saidTurn = key;
    announce(this.turnText(obs, this.viewer()));
  }

  // Where the focus belongs at the table when the element that had it is gone: the draw
  // button, a place that can be touched, the next round, the pass button, the turn.
  focusTarget() {
    if (this.tableEl.hidden) return this.setup.el.querySelector("select, button");
    for (const sel of ['[data-testid="cg-pass"]', '[data-testid="cg-next"]', '[data-testid="cg-draw"]',
      ".cg-board.mine button.playable", '[data-testid="cg-mode-replace"]', '[data-testid="cg-stock"]']) {
      const el = this.tableEl.querySelector(sel);
      if (el && !el.disabled && el.getClientRects().length) return el;
    }
    return this.tableEl.querySelector("h1");
  }

  async act(seat, action) {
    if (this.busy) return;
    this.busy = true;
    let reply;
    try {
      reply = await this.app.action("act", { seat, action });
    } finally {
      this.busy = false;
    }
    if (!reply) return;
    if (reply.observations) this.setObservations(reply.observations);
    if (reply.observation && reply.observation.seat !== null) this.obs[reply.observation.seat] = reply.observation;
    if (reply.ok) {
      this.message = "";
      this.last = { seat, action: reply.action || action, by: "human" };
      announce(this.lastText());
      sound("place");
      if (!String(action).startsWith("discard")) this.mode = "replace";
      // The connection that acted gets no push: refresh the other seats it holds.
      for (const other of this.held) {
        if (other === seat) continue;
        const r = await this.app.request("observe", { seat: other });
        if (r && r.ok && r.observation) this.obs[other] = r.observation;
      }
    } else if (reply.reason) {
      // kept as a function: the message follows a language switch
      this.message = this.app.settings.interactive ? () => pickMessage(reply.messages, reply.reason) : "";
        if (this.message) sound("refuse");
    } else if (reply.error && reply.error !== "stale") {
      this.message = () => errorText(reply);
    }
    this.render();
    if (this.messageText()) announce(this.messageText());
    this.announceTurn();
  }

  messageText() { return typeof this.message === "function" ? this.message() : this.message; }

  viewer() {
    const any = this.obs[this.held[0]];
    if (!any) return this.held[0];
    const turn = any.turn;
    if (turn !== null && turn !== undefined && this.held.includes(turn)) return turn;
    if (this.viewerSeat !== null && this.held.includes(this.viewerSeat)) return this.viewerSeat;
    return this.held[0];
  }

  touchPlace(seat, place) {
    const viewer = this.viewer();
    const obs = this.obs[viewer];
    if (!obs || seat !== viewer) return;
    if (obs.step === "reveal") return this.act(viewer, `reveal ${place}`);
    if (obs.step === "hold") {
      return this.act(viewer, this.mode === "discard" ? `discard ${place}` : `replace ${place}`);
    }
    if (obs.step === "draw" && obs.turn === viewer) return this.act(viewer, `replace ${place}`);
  }

  // The "pass the device to seat N" screen hides the table until that person confirms.
  needsPass(obs, viewer) {
    return this.held.length > 1 && obs.step !== "over" && !obs.over
      && obs.turn === viewer && this.confirmed !== viewer;
  }

  // ---- keyboard (keys.js) -------------------------------------------------------------------

  // A key pressed while this view is on screen with no dialog over it and no field focused:
  // true when the key is one of the table's shortcuts (the caller then prevents its default).
  // The keys do what a touch on the same thing does, for the seat this device plays and only
  // when it is that seat's turn (Enter: any seat held, once the round is over); never behind
  // the setup form or the "pass the device" screen.
  onKey(e) {
    if (!this.hasMatch() || this.tableEl.hidden) return false;
    const viewer = this.viewer();
    const obs = this.obs[viewer];
    if (!obs || this.needsPass(obs, viewer)) return false;
    const legal = obs.legal || [];
    const key = e.key;
    if (key === "Enter") {
      // A focused link or button (other than a place of the board) is pressed as usual.
      const target = e.target;
      const shown = target && target.isConnected && target.getClientRects().length > 0;
      if (shown && (target.tagName === "A" || (target.tagName === "BUTTON" && !target.dataset.place))) return false;
      if (obs.step !== "over" || obs.over || !legal.includes("next")) return false;
      if (!e.repeat) this.act(viewer, "next");
      return true;
    }
    const myTurn = obs.turn === viewer && obs.step !== "over" && !obs.over;
    if (!myTurn) return false;
    let run = null;
    const place = placeKey(e);
    if (key === " " || e.code === "Space" || key === "d" || key === "D") run = () => this.act(viewer, "draw");
    else if (key === "t" || key === "T") run = () => this.act(viewer, "take");
    else if (key === "x" || key === "X") {
      if (legal.includes("discard")) run = () => this.act(viewer, "discard");
      else if (!legal.some((a) => a.startsWith("discard "))) return true;
      else if (this.app.conn.offline) run = () => this.app.conn.refuse();   // as a tap is
      else run = () => { this.mode = this.mode === "discard" ? "replace" : "discard"; this.render(); };
    } else if (place !== null) {
      const [rows, cols] = obs.shape || [3, 3];
      if (place > rows * cols) return true;
      run = () => this.touchPlace(viewer, place);
    }
    if (!run) return false;
    if (!e.repeat) run();
    return true;
  }

  // ---- rendering --------------------------------------------------------------------------

  render() {
    if (!this.hasMatch()) return;
    const viewer = this.viewer();
    const obs = this.obs[viewer];
    if (!obs) { this.tableEl.replaceChildren(h("p", null, t("stats.loading"))); return; }
    if (viewer !== this.viewerSeat) this.mode = "replace";
    this.viewerSeat = viewer;

    const needPass = this.needsPass(obs, viewer);
    const parts = [h("h1", { class: "view-title", tabindex: "-1" }, t("cg.tableTitle", { n: obs.round ?? 1 })),
      this.statusBar(obs, viewer)];
    // A deal someone chose (a seed or a code): that person knows every card. Every seat is told.
    if (obs.chosen_deal) {
      parts.push(h("p", { class: "chosen-deal", testid: "cg-chosen-deal", role: "note" }, t("cg.chosenDeal")));
    }
    if (needPass) {
      parts.push(h("section", { class: "panel pass" },
        h("h2", null, t("cg.pass", { n: viewer + 1 })),
        h("button", { type: "button", class: "primary", testid: "cg-pass",
          onclick: () => { this.confirmed = viewer; this.render(); } }, t("cg.passShow", { n: viewer + 1 }))));
    } else {
      parts.push(this.tableView(obs, viewer));
    }
    parts.push(this.linksView());
    parts.push(h("div", { class: "buttons secondary" },
      h("button", { type: "button", testid: "cg-new", onclick: () => this.newMatch() }, t("cg.new"))));
    const active = document.activeElement;
    const hadFocus = active && this.tableEl.contains(active);
    const focusId = hadFocus ? active.dataset.testid : null;
    // A new last action: its card flies from where it was (decoration, after the redraw).
    const fly = this.last && this.last !== this.flown ? tableRects(this.tableEl) : null;
    this.tableEl.replaceChildren(...parts.filter(Boolean));
    if (fly) { this.flown = this.last; tableFlight(this.tableEl, this.last, fly); }
    if (hadFocus) {
      // The same control again, or (it is gone: «Robar del mazo» after a draw) the next
      // useful one, never the top of the page.
      const again = focusId ? this.tableEl.querySelector(`[data-testid="${focusId}"]`) : null;
      const target = again && again.getClientRects().length ? again : this.focusTarget();
      if (target) target.focus({ preventScroll: !!again });
    }
    this.highlightLast();
    fitTable(this.tableEl);
  }

  turnText(obs, viewer) {
    if (obs.over) return t("cg.over");
    if (obs.step === "over") return t("cg.roundOver");
    if (obs.turn === viewer) return t("cg.turnYou", { n: viewer + 1 });
    if ((this.kinds[obs.turn] || "").startsWith("bot")) return t("cg.turnBot", { n: obs.turn + 1 });
    return t("cg.turn", { n: (obs.turn ?? 0) + 1 });
  }

  statusBar(obs, viewer) {
    const turnText = this.turnText(obs, viewer);
    const lastTurns = (obs.last_turns || []).length && obs.step !== "over"
      ? h("span", { class: "last-turns" }, t("cg.lastTurns", { names: obs.last_turns.map((s) => s + 1).join(", ") }))
      : null;
    return h("div", { class: "cg-status" },
      h("span", { class: "round-no" }, t("cg.round", { n: obs.round ?? 1 })),
      h("strong", { testid: "cg-turn", "data-seat": obs.turn ?? "", class: obs.turn === viewer ? "you" : null }, turnText),
      lastTurns,
      h("span", { class: "last-action" }, this.lastText()));
  }

  lastText() {
    if (!this.last) return "";
    const { seat, action } = this.last;
    const text = typeof action === "string" ? action : (action && action.type) || "";
    const [word, place] = text.split(/\s+/);
    const key = `cg.last.${word}`;
    const s = t(key, { n: seat + 1, p: place || (action && action.place) || "" });
    return s === key ? "" : s;
  }

  tableView(obs, viewer) {
    const players = obs.players || (obs.boards || []).length;
    const others = [];
    for (let k = 1; k < players; k++) {
      const seat = (viewer + k) % players;
      others.push(renderBoard(obs, seat, { kind: this.kinds[seat], mine: false }));
    }
    const legal = obs.legal || [];
    const actionable = new Set();
    for (const a of legal) {
      const m = /^(replace|discard|reveal) (\d+)$/.exec(a);
      if (m && (m[1] !== "discard" || this.mode === "discard") && (m[1] !== "replace" || this.mode === "replace")) {
        actionable.add(Number(m[2]));
      }
    }
    const mine = renderBoard(obs, viewer, { kind: this.kinds[viewer], mine: true, actionable });
    mine.addEventListener("click", (e) => {
      const btn = e.target.closest("button[data-place]");
      if (btn) this.touchPlace(viewer, Number(btn.dataset.place));
    });
    const center = renderCenter(obs, {
      onStock: () => { if (legal.includes("draw")) this.act(viewer, "draw"); else if (obs.turn === viewer) this.act(viewer, "draw"); },
      onDiscard: () => {
        if (legal.includes("discard")) this.act(viewer, "discard");
        else if (legal.some((a) => a.startsWith("discard "))) { this.mode = "discard"; this.render(); }
        else if (obs.turn === viewer) this.act(viewer, "take");
      },
    }, viewer);
    const result = obs.step === "over" ? renderRoundResult(obs, () => this.act(viewer, "next")) : null;
    const over = matchMoment(renderMatchOver(obs, () => this.newMatch()), obs, this.held);
    // The end of the round and of the match come first, above the boards: on a desktop the
    // result is in sight without scrolling (the boards, all face up, follow it).
    return h("div", playAttributes(obs, others.length), over, result,
      h("div", { class: "cg-others" }, others),
      h("div", { class: "cg-side" }, center,
        this.actionsView(obs, viewer, legal),
        h("div", { class: "cg-message message" + (this.message ? " error" : ""), testid: "cg-message" }, this.messageText())),
      mine);
  }

  actionsView(obs, viewer, legal) {
    const buttons = [];
    if (legal.includes("draw")) buttons.push(h("button", { type: "button", class: "primary", testid: "cg-draw", "aria-keyshortcuts": "D Space", onclick: () => this.act(viewer, "draw") }, t("cg.act.draw")));
    if (legal.includes("take")) buttons.push(h("button", { type: "button", testid: "cg-take", "aria-keyshortcuts": "T", onclick: () => this.act(viewer, "take") }, t("cg.act.take")));
    const canDiscard = legal.some((a) => a.startsWith("discard "));
    const canReplace = legal.some((a) => a.startsWith("replace "));
    let hintText = "";
    if (obs.step === "reveal" && legal.some((a) => a.startsWith("reveal "))) hintText = t("cg.act.reveal");
    if (obs.step === "hold" && obs.turn === viewer) {
      if (canReplace && canDiscard) {
        buttons.push(h("button", { type: "button", "aria-pressed": String(this.mode === "replace"), testid: "cg-mode-replace",
          onclick: () => { this.mode = "replace"; this.render(); } }, t("cg.act.replaceMode")));
        buttons.push(h("button", { type: "button", "aria-pressed": String(this.mode === "discard"), testid: "cg-mode-discard", "aria-keyshortcuts": "X",
          onclick: () => { this.mode = "discard"; this.render(); } }, t("cg.act.discardMode")));
      }
      if (legal.includes("discard")) {
        // six-card golf: discarding the drawn card ends the turn, nothing is turned up
        buttons.push(h("button", { type: "button", testid: "cg-discard-end", "aria-keyshortcuts": "X",
          onclick: () => this.act(viewer, "discard") }, t("cg.act.discardEnd")));
      }
      hintText = this.mode === "discard" ? t("cg.act.reveal") : t("cg.act.replace");
    }
    if (!buttons.length && !hintText) return null;
    return h("div", { class: "cg-actions" }, buttons, hintText ? h("p", { class: "cg-hint" }, hintText) : null);
  }

  linksView() {
    return renderLinks(this.links, this.kinds, this.held);
  }

  highlightLast() {
    markLast(this.tableEl, this.last);
  }
}

// The place a key touches: 1–9, 0 for place 10, and the two keys right of 0 (by position:
// "-" and "=" on an English keyboard, "'" and "¡" on a Spanish one) for places 11 and 12.
function placeKey(e) {
  if (/^[1-9]$/.test(e.key)) return Number(e.key);
  if (e.key === "0") return 10;
  if (!e.shiftKey && e.code === "Minus") return 11;
  if (!e.shiftKey && e.code === "Equal") return 12;
  return null;
}
