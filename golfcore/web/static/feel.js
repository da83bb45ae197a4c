// The feel of the page: the theme and sound settings, the moment a game is won (a styled
// dialog, a short shower of suits and confetti, a tune when sounds are on), and the first
// visit's tutorial. Wired once by app.js.

import { $, h } from "./ui.js";
import * as store from "./store.js";
import { applyTheme, THEMES } from "./theme.js";
import { setSoundOn, sound } from "./sound.js";
import { reducedMotion } from "./anim.js";
import { suitIcon } from "./cards.js";
import { Tutorial } from "./tutorial.js";

// Before the first paint where it can: the theme of the saved settings.
applyTheme(store.loadSettings().theme);

export function installFeel(app) {
  const settings = app.settings;
  const theme = $("theme");
  theme.value = THEMES.includes(settings.theme) ? settings.theme : "auto";
  applyTheme(theme.value);
  theme.addEventListener("change", () => {
    settings.theme = theme.value;
    store.saveSettings(settings);
    applyTheme(theme.value);
  });
  const soundBox = $("sound");
  soundBox.checked = settings.sound === true;
  setSoundOn(soundBox.checked);
  soundBox.addEventListener("change", () => {
    settings.sound = soundBox.checked;
    store.saveSettings(settings);
    setSoundOn(soundBox.checked);
    sound("place");      // what it sounds like, at once
  });
  watchWin($("won-dialog"));
  const tutorial = new Tutorial();
  tutorial.firstVisit();
  return tutorial;
}

// The won dialog, each time it opens: the tune and (unless motion is reduced) the shower.
function watchWin(dialog) {
  const suits = dialog.querySelector(".won-suits");
  if (suits) suits.replaceChildren(...["S", "H", "C", "D"].map((s) => suitIcon(s, `suit ${"HD".includes(s) ? "red" : "black"}`)));
  let wasHidden = dialog.hidden;
  new MutationObserver(() => {
    if (wasHidden && !dialog.hidden) {
      sound("win");
      celebrate(dialog);
    }
    wasHidden = dialog.hidden;
  }).observe(dialog, { attributes: true, attributeFilter: ["hidden"] });
}

const COLOURS = ["#ffc83d", "#ffffff", "#e53935", "#42a5f5", "#66bb6a", "#ab47bc"];

export function celebrate(dialog) {
  for (const old of dialog.querySelectorAll(".confetti")) old.remove();
  if (reducedMotion()) return;
  const pieces = [];
  for (let i = 0; i < 48; i++) {
    const suit = i % 3 === 0 ? "SHCD"[i % 4] : null;
    const piece = suit ? suitIcon(suit, "piece suit") : h("span", { class: "piece" });
    // every piece its own place, delay, fall and colour (CSS custom properties set from
    // script: the policy refuses inline style attributes in HTML, not the CSSOM)
    piece.style.setProperty("--x", `${Math.round(Math.random() * 100)}vw`);
    piece.style.setProperty("--drift", `${Math.round((Math.random() - 0.5) * 30)}vw`);
    piece.style.setProperty("--delay", `${Math.round(Math.random() * 700)}ms`);
    piece.style.setProperty("--fall", `${1600 + Math.round(Math.random() * 1400)}ms`);
    piece.style.setProperty("--turn", `${Math.round((Math.random() - 0.5) * 1440)}deg`);
    piece.style.setProperty("--c", COLOURS[i % COLOURS.length]);
    pieces.push(piece);
  }
  const shower = h("div", { class: "confetti", "aria-hidden": "true", testid: "confetti" }, pieces);
  dialog.appendChild(shower);
  setTimeout(() => shower.remove(), 3600);
}
