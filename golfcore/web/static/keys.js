// Keyboard shortcuts (the help panel lists them). Everywhere: ? help, N «Nueva partida»,
// Escape closes the top dialog. Solitaire: 1–7 play a column's free card, space draws, U or
// Ctrl+Z undo, H hint. Card game (CardGame.onKey): D or space draw, T take the discard, 1–9
// (0, and the two keys after it: places 10–12) touch a place of the board, X discard the
// card drawn from the stock (then a place to turn up), Enter deals the next round. None acts
// while a field has the focus or a dialog is open.

import { topOverlay, trapTab } from "./ui.js";

export function installKeys(app) {
  let spaceTaken = false;     // the last space pressed was a shortcut (not a button's press)
  document.addEventListener("keydown", (e) => {
    const target = e.target;
    const typing = target && (target.isContentEditable
      || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName));
    if (e.key === " " || e.code === "Space") spaceTaken = false;
    if (e.key === "Tab") { trapTab(e); return; }
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
    // The rest plays the game on screen, with no dialog over it.
    if (topOverlay()) return;
    if (app.view === "cardgame") {
      if (!e.ctrlKey && app.cardgame.onKey(e)) {
        // preventDefault also keeps a focused button from being pressed by the same key.
        e.preventDefault();
        if (e.key === " " || e.code === "Space") spaceTaken = true;
      }
      return;
    }
    if (app.view !== "solitaire") return;
    if (ctrlZ || e.key === "u" || e.key === "U") { e.preventDefault(); app.solitaire.undo(); return; }
    if (e.key === "h" || e.key === "H") { e.preventDefault(); app.solitaire.hint(); return; }
    if (e.key === " " || e.code === "Space") {
      e.preventDefault();
      spaceTaken = true;
      if (!e.repeat) app.solitaire.draw();
      return;
    }
    if (/^[1-7]$/.test(e.key)) { e.preventDefault(); app.solitaire.play(Number(e.key)); }
  });
  // A space released on a focused button would press it: the keydown above already acted.
  document.addEventListener("keyup", (e) => {
    if ((e.key === " " || e.code === "Space") && spaceTaken) {
      const target = e.target;
      if (target && target.tagName === "BUTTON") e.preventDefault();
    }
  });
}
