// The first visit's tutorial: five short steps (a free card, what fits on the waste, the
// stock, undo and hint, the card game), shown once (store.js remembers it), skippable, opened
// again from the help panel. A modal dialog like the others (ui.js): the focus stays inside,
// Escape closes it; each step's text is announced as it changes.

import { t, onLangChange } from "./i18n.js";
import { drawCard } from "./cards.js";
import { $, h, showOverlay, hideOverlay } from "./ui.js";
import * as store from "./store.js";

// Per step: its strings, and the cards of its little picture (null: a card's back; the
// marked ones drawn as playable; `stack`: overlapped as a column).
const STEPS = [
  { key: "tut.free", cards: ["KS", "4H", "9C"], marks: [2], stack: true },
  { key: "tut.fits", cards: ["6S", "7H", "8C"], marks: [0, 2] },
  { key: "tut.stock", cards: [null], marks: [] },
  { key: "tut.tools", cards: [], marks: [] },
  { key: "tut.cardgame", cards: [], marks: [] },
];

export class Tutorial {
  constructor() {
    this.el = $("tutorial");
    this.page = this.el.querySelector(".tutorial-page");
    this.step = 0;
    this.back = $("tutorial-back");
    this.next = $("tutorial-next");
    this.back.addEventListener("click", () => this.go(this.step - 1));
    this.next.addEventListener("click", () => {
      if (this.step < STEPS.length - 1) this.go(this.step + 1);
      else this.close();
    });
    $("tutorial-skip").addEventListener("click", () => this.close());
    $("tutorial-open").addEventListener("click", () => {
      hideOverlay($("help-panel"), { keepFocus: true });
      this.open();
    });
    onLangChange(() => { if (!this.el.hidden) this.draw(); });
  }

  // On the first visit only; the page behind works as usual once it is closed.
  firstVisit() {
    if (store.tutorialSeen()) return;
    store.markTutorialSeen();
    this.open();
  }

  open() {
    this.step = 0;
    // the dialog's name and text are read as it opens; later steps by the live region
    this.page.setAttribute("aria-live", "off");
    this.draw();
    showOverlay(this.el, '[data-testid="tutorial-next"]');
  }

  close() { hideOverlay(this.el); }

  go(step) {
    this.page.setAttribute("aria-live", "polite");
    this.step = Math.max(0, Math.min(STEPS.length - 1, step));
    this.draw();
    // the focus stays on the button pressed, unless it is gone (Back on the first step)
    if (this.back.disabled && document.activeElement === this.back) this.next.focus();
  }

  draw() {
    const step = STEPS[this.step];
    const last = this.step === STEPS.length - 1;
    $("tutorial-step").textContent = t("tut.step", { n: this.step + 1, of: STEPS.length });
    document.getElementById("tutorial-title").textContent = t(`${step.key}.title`);
    document.getElementById("tutorial-text").textContent = t(`${step.key}.text`);
    const cards = step.cards.map((code, i) => {
      const card = drawCard(h("span", { class: "card" }), code);
      if (step.marks.includes(i)) card.classList.add("playable");
      return card;
    });
    const picture = $("tutorial-picture");
    picture.replaceChildren(...cards);
    picture.hidden = !cards.length;
    picture.classList.toggle("stacked", !!step.stack);
    this.back.disabled = this.step === 0;
    this.next.textContent = t(last ? "tut.done" : "tut.next");
  }
}
