// Wiring: the connection, the session (which table this page plays, and its version), the
// views (solitaire, card game, statistics), settings, saved tokens and pushes.

import { Net } from "./net.js";
import { t, getLang, setLang, applyStatic, pick, onLangChange } from "./i18n.js";
import { $, showOverlay, hideOverlay, notice, rovingKeys, syncRoving, setFocusFallback } from "./ui.js";
import * as store from "./store.js";
import { Solitaire } from "./solitaire.js";
import { Coach } from "./coach.js";
import { NewGameDialog } from "./newgame.js";
import { CardGame } from "./cardgame.js";
import { StatsPage } from "./stats.js";
import { installKeys } from "./keys.js";
import { installFeel } from "./feel.js";
import { ConnectionState } from "./conn.js";
import { registerWorker } from "./install.js";
import { installReplay } from "./replay.js";
import { installLinks, takeLink, offerLink } from "./links.js";

const GAME_KEY = { solitaire: "solitaire", "card-game": "cardgame" };

class App {
  constructor() {
    this.settings = store.loadSettings();
    this.chosen = false;        // a `new` or `open` was sent (boot must not replace its table)
    this.navigated = false;     // a tab was chosen before the page had resumed its table
    this.session = null;        // {game: "solitaire"|"cardgame", table, version, draft}
    this.variants = [];
    this.view = "solitaire";
    this.net = new Net();
    this.conn = new ConnectionState();
    this.solitaire = new Solitaire(this);
    this.coach = new Coach(this);
    this.newDialog = new NewGameDialog(this);
    this.cardgame = new CardGame(this);
    this.stats = new StatsPage(this);
    this.bindChrome();
    this.tutorial = installFeel(this);
    installKeys(this);
    installReplay(this);
    installLinks(this);
    this.net.onPush((msg) => this.onPush(msg));
    this.net.onStatus((status) => this.onStatus(status));
    this.boot();
    registerWorker();
  }

  bindChrome() {
    document.documentElement.lang = getLang();
    applyStatic(document);
    const lang = $("lang");
    lang.value = getLang();
    lang.addEventListener("change", () => setLang(lang.value));
    const interactive = $("interactive");
    interactive.checked = this.settings.interactive !== false;
    interactive.addEventListener("change", () => {
      this.settings.interactive = interactive.checked;
      store.saveSettings(this.settings);
      if (!interactive.checked) this.solitaire.showMessage("");
    });
    $("new-game").addEventListener("click", () => this.openNewDialog());
    $("help").addEventListener("click", () => this.toggleHelp());
    document.getElementById("help-close").addEventListener("click", () => hideOverlay($("help-panel")));
    const tabs = () => [...document.querySelectorAll(".tabs [data-view]")];
    for (const tab of tabs()) {
      tab.addEventListener("click", () => this.showView(tab.dataset.view));
    }
    // Arrow keys move between the tabs (and show the tab reached), as a tablist does.
    rovingKeys(document.querySelector(".tabs"), tabs, (tab) => this.showView(tab.dataset.view));
    // A dialog that closes gives the focus back where it was; when that element is gone (a
    // redrawn board), to the screen's first useful control.
    setFocusFallback(() => this.focusTarget());
    onLangChange(() => this.refreshTitles());
    // Clicking the dim backdrop of a panel closes it (not the end-of-game dialogs).
    for (const id of ["help-panel", "new-dialog"]) {
      const el = $(id);
      el.addEventListener("click", (e) => { if (e.target === el) this.closeOverlay(el); });
    }
    // Dialogs sit below the header, so that its buttons stay usable.
    const header = document.getElementById("topbar");
    const sync = () => document.documentElement.style.setProperty("--header-h", `${header.offsetHeight}px`);
    new ResizeObserver(sync).observe(header);
    sync();
  }

  // ---- requests -----------------------------------------------------------------------------

  async request(cmd, fields, options) {
    // A table chosen by the person wins over what the page was about to resume or deal.
    if (cmd === "new" || cmd === "open") this.chosen = true;
    // While the server is away nothing is queued: refused at once, visibly (conn.js).
    if (this.conn.offline) { this.conn.refuse(); return null; }
    try {
      const reply = await this.net.request(cmd, fields, options);
      this.noteVersion(reply);
      this.noteSaved(reply);
      return reply;
    } catch (e) {
      if (!this.conn.offline) notice(() => t("conn.lost"));   // else the banner says it
      return null;
    }
  }

  // An action carries the version last seen; a `stale` refusal brings the current state.
  async action(cmd, fields) {
    const body = Object.assign({}, fields);
    if (this.session && Number.isInteger(this.session.version)) body.version = this.session.version;
    const reply = await this.request(cmd, body);
    if (reply && !reply.ok && reply.error === "stale") {
      notice(() => t("stale"));
      if (!Number.isInteger(reply.version)) {
        // Learn the current version before the next action.
        await this.request(this.session && this.session.game === "cardgame" ? "observe" : "state",
          this.session && this.session.game === "cardgame" ? { seat: this.cardgame.held[0] } : {});
      }
    }
    return reply;
  }

  noteVersion(reply) {
    if (!reply || !this.session || !Number.isInteger(reply.version)) return;
    if (reply.table !== undefined && reply.table !== this.session.table) return;
    this.session.version = reply.version;
  }

  // A draft table (dealt, not saved) is saved by the server with its first accepted action,
  // whose reply brings the tokens: only then does the page keep them, so that a reload before
  // any action deals a new draft instead of opening a table that was never saved.
  noteSaved(reply) {
    const session = this.session;
    if (!reply || !reply.tokens || !session || !session.draft || reply.table !== session.table) return;
    session.draft = false;
    store.saveTable(session.game, reply.table, Object.values(reply.tokens), null);
  }

  // A variant's title in the page's language (hello gives `titles: {es, en}`).
  // A composed variant (a base and rule options: "cards4+redeals=1") reads as its base's title
  // and the options as written.
  variantTitle(name) {
    const v = this.variants.find((x) => x.name === name);
    if (v) return pick(v.titles, v.title);
    const [base, ...options] = (name || "").split("+");
    const b = options.length ? this.variants.find((x) => x.name === base) : null;
    return b ? [pick(b.titles, b.title), ...options].join(" + ") : (name || "");
  }

  refreshTitles() {
    if (this.view === "solitaire" && this.solitaire.state) {
      document.getElementById("variant-name").textContent = this.variantTitle(this.solitaire.state.variant);
    }
  }

  // Where the focus belongs on the screen shown, when the element that had it is gone.
  focusTarget() {
    if (this.view === "solitaire") {
      return document.querySelector("#columns button.playable") || $("stock");
    }
    if (this.view === "cardgame") return this.cardgame.focusTarget();
    return document.querySelector(`#tab-${this.view === "stats" ? "stats" : "solitaire"}`);
  }

  // ---- starting, saving, resuming -----------------------------------------------------------

  async boot() {
    const hello = await this.request("hello", {});
    if (hello && hello.ok) {
      this.variants = hello.variants || [];
      this.newDialog.fillVariants(this.variants);
      this.cardgame.setHello(hello);
    }
    const join = /#join=([^&]+)/.exec(location.hash);
    if (join) {
      const token = decodeURIComponent(join[1]);
      history.replaceState(null, "", location.pathname + location.search);
      store.saveJoined(null, [token]);
    }
    // A share link (#deal=, #replay=) is offered once the page shows its own game.
    const link = takeLink();
    // Resume the last table, unless the person already went elsewhere meanwhile.
    if (!this.chosen && !this.navigated) await this.resume(store.loadTables().current || "solitaire", true);
    offerLink(link);
  }

  // Open the saved table of `game` ("solitaire" or "cardgame"); with none, begin one.
  async resume(game, firstVisit) {
    const saved = store.loadTables();
    const entry = saved[game];
    if (entry && entry.tokens && entry.tokens.length) {
      const reply = await this.request("open", { tokens: entry.tokens });
      if (reply && reply.ok) {
        this.applyOpen(reply, entry);
        return;
      }
      if (reply) {
        store.forgetTable(game);
        notice(() => t("resume.failed"));
        this.session = null;
        if (game === "cardgame") this.showView("cardgame", { setup: true });
        else { this.setView("solitaire"); this.solitaire.clear(); this.openNewDialog(); }
        return;
      }
      return;
    }
    if (game === "cardgame") {
      this.showView("cardgame", { setup: true });
      return;
    }
    this.setView("solitaire");
    if (firstVisit) {
      // A first visit starts a random Fácil game, as the app does (unless a game was chosen
      // meanwhile).
      if (this.chosen) return;
      await this.dealDraft();
    } else {
      this.openNewDialog();
    }
  }

  // A random Fácil game as a draft: on screen at once, saved only with its first move (so a
  // page that is only looked at saves nothing, and no statistic counts it).
  async dealDraft() {
    const reply = await this.request("new", { variant: "app-facil", draft: true });
    if (reply && reply.ok) this.startedSolitaire(reply);
    else this.openNewDialog();
  }

  applyOpen(reply, entry) {
    const game = GAME_KEY[reply.game] || (reply.state ? "solitaire" : "cardgame");
    this.session = { game, table: reply.table, version: reply.version };
    store.setCurrent(game);
    if (game === "solitaire") {
      this.setView("solitaire");
      if (reply.state) this.solitaire.render(reply.state, reply.round || null);
    } else {
      this.setView("cardgame");
      this.cardgame.opened(reply, entry.links || this.linksFrom(reply, entry.tokens));
    }
  }

  linksFrom(reply, tokens) {
    const links = {};
    (reply.held || []).forEach((seat, i) => { if (tokens[i]) links[seat] = tokens[i]; });
    return links;
  }

  startedSolitaire(reply) {
    this.tableStarted("solitaire", reply, Object.values(reply.tokens || {}), null);
    this.setView("solitaire");
    this.solitaire.prevStatus = null;
    this.solitaire.showMessage("");
    this.solitaire.render(reply.state, reply.round || null);
  }

  tableStarted(game, reply, tokens, links) {
    this.session = { game, table: reply.table, version: reply.version ?? 0, draft: reply.draft === true };
    if (game === "cardgame") store.leaveJoined();
    if (reply.draft === true) return;          // kept once its first action saves it
    store.saveTable(game, reply.table, tokens, links);
  }

  forgetCardGame() {
    store.forgetTable("cardgame");
    if (this.session && this.session.game === "cardgame") this.session = null;
  }

  // ---- pushes and connection ----------------------------------------------------------------

  onPush(msg) {
    if (msg.push !== "update" || !this.session || msg.table !== this.session.table) return;
    if (Number.isInteger(msg.version)) this.session.version = msg.version;
    if (this.session.game === "solitaire" && msg.state) {
      this.solitaire.render(msg.state, msg.round || null);
      this.solitaire.showMessage("");
    } else if (this.session.game === "cardgame") {
      this.cardgame.onPush(msg);
    }
  }

  onStatus(status) {
    if (status === "lost") this.conn.lost();
    if (status === "reconnected") {
      this.conn.back();
      const game = this.session ? this.session.game : null;
      // an unplayed draft died with the old connection: deal another
      if (game && this.session.draft) this.dealDraft();
      else if (game) this.resume(game, false);
    }
  }

  // ---- views and overlays -------------------------------------------------------------------

  setView(view) {
    this.view = view;
    document.getElementById("view-solitaire").hidden = view !== "solitaire";
    document.getElementById("view-cardgame").hidden = view !== "cardgame";
    $("stats-page").hidden = view !== "stats";
    const tabs = [...document.querySelectorAll(".tabs [data-view]")];
    for (const tab of tabs) tab.setAttribute("aria-selected", String(tab.dataset.view === view));
    syncRoving(tabs, (tab) => tab.dataset.view === view);
  }

  async showView(view, opts) {
    const options = opts || {};
    this.navigated = true;
    if (this.newDialog.isOpen()) this.newDialog.close();
    hideOverlay($("help-panel"));
    if (view === "stats") {
      this.setView("stats");
      this.stats.load();
      return;
    }
    if (view === "cardgame") {
      this.setView("cardgame");
      if (options.setup) { this.cardgame.showSetup(true); return; }
      if (this.session && this.session.game === "cardgame" && this.cardgame.hasMatch()) return;
      const saved = store.loadTables().cardgame;
      if (saved && saved.tokens && saved.tokens.length) await this.resume("cardgame", false);
      else this.cardgame.showSetup(true);
      return;
    }
    this.setView("solitaire");
    if (this.session && this.session.game === "solitaire") return;
    await this.resume("solitaire", false);
  }

  openNewDialog() {
    hideOverlay($("blocked-dialog"));
    hideOverlay($("won-dialog"));
    hideOverlay($("help-panel"));
    this.newDialog.open();
  }

  toggleHelp() {
    const panel = $("help-panel");
    if (panel.hidden) showOverlay(panel, "#help-close");
    else hideOverlay(panel);
  }

  closeOverlay(el) {
    if (el === $("new-dialog")) this.newDialog.close();
    else hideOverlay(el);
  }
}

window.addEventListener("DOMContentLoaded", () => { window.golfApp = new App(); });
