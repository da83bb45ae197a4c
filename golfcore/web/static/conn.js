// While the server is away (the WebSocket lost, the page reconnecting): a banner says so, the
// board's controls are marked disabled and dimmed, and the change is announced once. A tap or
// a key meanwhile is refused at once with a notice (never queued: nothing is sent twice, and
// a reconnected page opens its table again before it acts, so a refusal loses nothing). When
// the connection is back the banner goes, the controls come back, and "Conectado de nuevo" is
// shown (docs/web.md, "While the server is away").

import { t, onLangChange } from "./i18n.js";
import { h, notice, announce } from "./ui.js";

// The controls that act on the table (not the tabs, the settings or the copy buttons).
const CONTROLS = ["#board button", '[data-testid="undo"]', '[data-testid="hint"]',
  '[data-testid="redeal"]', '[data-testid="scorecard"] button', ".cg-play button",
  '[data-testid="cg-new"]'].join(", ");
const MARK = "data-offline-disabled";

export class ConnectionState {
  constructor() {
    this.offline = false;
    this.banner = h("p", { class: "conn-banner", testid: "offline-banner", hidden: true });
    document.getElementById("topbar").after(this.banner);
    this.observer = new MutationObserver(() => this.mark());
    onLangChange(() => { if (this.offline) this.banner.textContent = t("offline.board"); });
    // A paused control does nothing but say so, also where a tap changes only the page (the
    // card game's replace/discard choice): caught before the control's own handler.
    document.addEventListener("click", (e) => {
      if (!this.offline || !(e.target instanceof Element) || !e.target.closest(`[${MARK}]`)) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      this.refuse();
    }, true);
  }

  lost() {
    if (this.offline) return;
    this.offline = true;
    document.documentElement.dataset.connection = "offline";
    this.banner.textContent = t("offline.board");
    this.banner.hidden = false;
    this.mark();
    // the board is redrawn by renders while away (a language switch): marked again
    this.observer.observe(document.querySelector("main"), { childList: true, subtree: true });
    announce(t("offline.board"));
  }

  back() {
    if (!this.offline) return;
    this.offline = false;
    this.observer.disconnect();
    delete document.documentElement.dataset.connection;
    this.banner.hidden = true;
    for (const el of document.querySelectorAll(`[${MARK}]`)) {
      el.removeAttribute(MARK);
      el.removeAttribute("aria-disabled");
    }
    notice(() => t("conn.back"), 2000);
  }

  mark() {
    for (const el of document.querySelectorAll(CONTROLS)) {
      if (el.hasAttribute(MARK)) continue;
      el.setAttribute(MARK, "");
      el.setAttribute("aria-disabled", "true");
    }
  }

  // A request made while away: refused at once, visibly and audibly (the notice is a live
  // region), never sent later.
  refuse() {
    notice(() => t("offline.refused"), 4000);
  }
}
