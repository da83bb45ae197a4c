// Opening a share link (/#deal=..., /#replay=...): the fragment is read and checked whole
// (share.js), taken off the address (a reload does not ask again), and nothing is asked of the
// server until the person confirms in a dialog that says what the link opens, and that the
// game in progress stays saved (a deal replaces it on screen). A link that is not valid is
// refused with a message, and nothing is done. A fragment changed in an open tab (a link
// pasted into the address bar) is read the same way.

import { t, errorText, onLangChange } from "./i18n.js";
import { h, showOverlay, hideOverlay } from "./ui.js";
import { readFragment } from "./share.js";
import { openReplay } from "./replay.js";

let dialog = null;

// The link of the address, if any, taken off it.
export function takeLink() {
  const link = readFragment(location.hash);
  if (link) history.replaceState(null, "", location.pathname + location.search);
  return link;
}

export function installLinks(app) {
  dialog = new LinkDialog(app);
  window.addEventListener("hashchange", () => {
    const link = takeLink();
    if (link) dialog.offer(link);
  });
}

export function offerLink(link) {
  if (link && dialog) dialog.offer(link);
}

class LinkDialog {
  constructor(app) {
    this.app = app;
    this.link = null;
    this.title = h("h2", { id: "link-title" });
    this.body = h("p", { id: "link-body", testid: "link-body" });
    this.error = h("p", { class: "error", role: "alert", testid: "link-error", hidden: true });
    this.openBtn = h("button", { type: "button", class: "primary", testid: "link-open", onclick: () => this.accept() });
    this.cancelBtn = h("button", { type: "button", testid: "link-cancel", onclick: () => hideOverlay(this.el) });
    this.el = h("div", { class: "overlay", testid: "link-dialog", role: "dialog", "aria-modal": "true",
      "aria-labelledby": "link-title", "aria-describedby": "link-body", hidden: true },
    h("div", { class: "dialog rp-link-dialog" }, this.title, this.body, this.error,
      h("div", { class: "buttons" }, this.openBtn, this.cancelBtn)));
    document.body.appendChild(this.el);
    onLangChange(() => { if (this.link && !this.el.hidden) this.render(); });
  }

  offer(link) {
    this.link = link;
    this.error.hidden = true;
    this.render();
    const bad = link.kind === "bad";
    showOverlay(this.el, bad ? '[data-testid="link-cancel"]' : '[data-testid="link-open"]');
  }

  // The dialog's texts, in the page's language.
  render() {
    const link = this.link;
    const bad = link.kind === "bad";
    const playing = this.inProgress();
    this.title.textContent = t(bad ? "rp.badLinkTitle" : link.kind === "deal" ? "rp.dealTitle" : "rp.replayTitle");
    let body;
    if (bad) body = t("rp.badLink");
    else if (link.kind === "deal") body = t(playing ? "rp.dealBodyPlaying" : "rp.dealBody", { code: link.code });
    else body = t("rp.replayBody", { code: link.code });
    this.body.textContent = body;
    this.openBtn.hidden = bad;
    this.openBtn.textContent = t(link.kind === "deal" ? "rp.openDeal" : "rp.openReplay");
    this.cancelBtn.textContent = t(bad ? "rp.close" : "rp.cancel");
  }

  // A solitaire game with moves made and not over, on screen.
  inProgress() {
    const s = this.app.solitaire && this.app.solitaire.state;
    return !!s && s.status === "playing" && (s.moves || 0) > 0;
  }

  async accept() {
    const link = this.link;
    if (!link || link.kind === "bad") return;
    this.openBtn.disabled = true;
    try {
      if (link.kind === "deal") {
        const reply = await this.app.request("new", { code: link.code });
        if (!reply) return;
        if (!reply.ok) { this.showError(errorText(reply)); return; }
        hideOverlay(this.el, { keepFocus: true });
        this.app.startedSolitaire(reply);
        this.app.solitaire.stockEl.focus();
      } else {
        hideOverlay(this.el, { keepFocus: true });
        const fields = link.moves !== undefined ? { code: link.code, moves: link.moves } : { code: link.code };
        await openReplay(fields);
      }
    } finally {
      this.openBtn.disabled = false;
    }
  }

  showError(text) {
    this.error.textContent = text;
    this.error.hidden = false;
  }
}
