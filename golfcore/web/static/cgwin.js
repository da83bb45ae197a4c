// The end of a card-game match, a moment for its winner (as the solitaire's won dialog, with
// feel.js's pieces): the match-over panel shows the four suits and, when a seat this device
// holds won, «¡Enhorabuena!» (by name when the device holds several seats), a shower of
// confetti and suits (none under "reduce motion") and the win tune (when sounds are on).
// Whoever won, the winner is said once in the live region. Once per page and match: a redraw
// (a language switch, a push) shows the panel again but does not start the shower again.

import { t } from "./i18n.js";
import { h, announce } from "./ui.js";
import { suitIcon } from "./cards.js";
import { celebrate } from "./feel.js";
import { sound } from "./sound.js";
import { seatName } from "./cgboard.js";

let marked = null;    // the match whose moment has been had

function matchKey(obs) {
  return [obs.code || "", (obs.totals || []).join(","), (obs.rounds || []).length].join("|");
}

// `section` is renderMatchOver's panel (null while the match goes on); `held`, the seats this
// device plays. The panel, decorated.
export function matchMoment(section, obs, held) {
  if (!section) return section;
  const winners = (obs.winners || []).filter((s) => Number.isInteger(s));
  const ours = winners.filter((s) => (held || []).includes(s));
  let kicker = "";
  if (ours.length) {
    kicker = (held || []).length > 1
      ? t("cg.moment.seats", { names: ours.map(seatName).join(", ") })
      : t("cg.moment.you");
  }
  section.classList.add("won-box", "match-moment");
  section.dataset.moment = ours.length ? "won" : "lost";
  const suits = h("div", { class: "won-suits", "aria-hidden": "true" },
    ["S", "H", "C", "D"].map((s) => suitIcon(s, `suit ${"HD".includes(s) ? "red" : "black"}`)));
  if (kicker) section.prepend(h("p", { class: "won-kicker", testid: "cg-moment" }, kicker));
  section.prepend(suits);

  const key = matchKey(obs);
  if (key !== marked) {
    marked = key;
    const winnersLine = section.querySelector(".winners");
    announce([kicker, winnersLine ? winnersLine.textContent : ""].filter(Boolean).join(" "));
    if (ours.length) {
      section.classList.add("moment-pop");
      sound("win");
      celebrate(document.body);
    }
  }
  return section;
}
