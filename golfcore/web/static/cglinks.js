// The card game's seat links: one private link per human seat (`#join=TOKEN`), each with a copy
// button, under a heading that says whose links they are.

import { t } from "./i18n.js";
import { h, notice, copyText } from "./ui.js";
import { seatName } from "./cgboard.js";

// The links panel for `links` ({seat: token}), or null when there is none. `kinds` are the
// table's seat kinds ({seat: "human"|"bot:..."}), `held` the seats this device plays.
export function renderLinks(links, kinds, held) {
  const seats = Object.keys(links).map(Number).sort((a, b) => a - b);
  if (!seats.length) return null;
  const items = seats.map((seat) => {
    const url = `${location.origin}/#join=${links[seat]}`;
    return h("li", null,
      h("span", { class: "who" }, t("cg.link", { n: seat + 1 })),
      h("a", { href: url, target: "_blank", rel: "noopener", "data-seat": seat }, url),
      h("button", { type: "button", class: "small", onclick: async () => {
        if (await copyText(url)) notice(() => `${t("tool.copied")}: ${seatName(seat)}`, 2000);
      } }, t("cg.copy")));
  });
  // With every person's seat on this device, the links are only for inviting someone else;
  // a device holding only its own seat(s) while other people play elsewhere (a tab opened
  // from a link) is told its link is its own, not to be shared.
  const humans = Object.keys(kinds).map(Number).filter((s) => (kinds[s] || "human") === "human");
  const optional = (humans.length ? humans : seats).every((seat) => held.includes(seat));
  const own = !optional && seats.every((seat) => held.includes(seat));
  return h("section", { class: "panel cg-links", testid: "cg-links", "data-optional": String(optional) },
    h("h2", null, t(optional ? "cg.linksOptional" : own ? "cg.linksOwn" : "cg.links")), h("ul", null, items));
}
