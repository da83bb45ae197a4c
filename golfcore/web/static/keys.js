// Keyboard shortcuts (the help panel lists them): 1–7 play a column's free card, space draws,
// U or Ctrl+Z undo, H hint, N «Nueva partida», ? help, Escape closes the top dialog.

import { topOverlay } from "./ui.js";

export function installKeys(app) {
  document.addEventListener("keydown", (e) => {
    const target = e.target;
    const typing = target && (target.isContentEditable
      || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName));
    if (e.key === "Escape") {
      const top = topOverlay();
      if (top) { e.preventDefault(); app.closeOverlay(top); }
      return;
    }
    if (typing || e.altKey || e.metaKey) return;
    const ctrlZ = e.ctrlKey && (e.key === "z" || e.key === "Z");
    if (e.ctrlKey && !ctrlZ) return;

    if (e.key === "?") { e.preventDefault(); app.toggleHelp(); return; }
    if (e.key === "n" || e.key === "N") { e.preventDefault(); app.openNewDialog(); return; }
    // The rest plays the solitaire on screen, with no dialog over it.
    if (topOverlay() || app.view !== "solitaire") return;
    if (ctrlZ || e.key === "u" || e.key === "U") { e.preventDefault(); app.solitaire.undo(); return; }
    if (e.key === "h" || e.key === "H") { e.preventDefault(); app.solitaire.hint(); return; }
    if (e.key === " " || e.code === "Space") {
      // preventDefault also keeps a focused button from being pressed by the same key.
      e.preventDefault();
      if (!e.repeat) app.solitaire.draw();
      return;
    }
    if (/^[1-7]$/.test(e.key)) { e.preventDefault(); app.solitaire.play(Number(e.key)); }
  });
  // A space released on a focused button would press it: the keydown above already drew.
  document.addEventListener("keyup", (e) => {
    if ((e.key === " " || e.code === "Space") && app.view === "solitaire" && !topOverlay()) {
      const target = e.target;
      if (target && target.tagName === "BUTTON") e.preventDefault();
    }
  });
}
