// The traditional 9-hole round's scorecard: strokes per hole against a par of 45 (5 a hole),
// the total and the score to par, the course code (copyable), and the next-hole button.

import { t, tn } from "./i18n.js";
import { h, notice, copyText, scrollTable } from "./ui.js";

function signed(n) {
  if (n === null || n === undefined || Number.isNaN(n)) return "";
  if (n === 0) return "E";
  return n > 0 ? `+${n}` : String(n);
}

function i18nHoleOver(state, hole) {
  const value = state && state.score ? state.score.value : null;
  if (value === null || value === undefined) return "";
  return tn(state.status === "won" ? "round.holeWon" : "round.holeLost", value, { hole });
}

export class Scorecard {
  constructor(app, el, onNextHole) {
    this.app = app;
    this.el = el;
    this.onNextHole = onNextHole;
  }

  render(round, state) {
    if (!round) {
      this.el.hidden = true;
      this.el.replaceChildren();
      return;
    }
    this.el.hidden = false;
    const holes = round.holes || 9;
    const par = round.par || 45;
    const parHole = par / holes;
    const strokes = round.strokes || [];
    const hole = round.hole || strokes.length + 1;
    const over = !!state && state.status !== "playing";
    const live = state && state.score && state.score.kind === "strokes" ? state.score.value : null;

    const head = h("tr", null, h("th", { scope: "col" }, t("round.hole")));
    const parRow = h("tr", { class: "par" }, h("th", { scope: "row" }, t("round.par")));
    const strokeRow = h("tr", { class: "strokes" }, h("th", { scope: "row" }, t("round.strokes")));
    for (let i = 0; i < holes; i++) {
      const current = !round.complete && i === hole - 1;
      head.appendChild(h("th", { scope: "col", class: current ? "current" : null }, String(i + 1)));
      parRow.appendChild(h("td", null, String(parHole)));
      let value = "";
      let cls = current ? "current" : null;
      if (i < strokes.length) value = String(strokes[i]);
      else if (current && live !== null && live !== undefined) {
        value = String(live);
        cls = "current live";
      }
      strokeRow.appendChild(h("td", { class: cls, "data-hole": i + 1 }, value));
    }
    head.appendChild(h("th", { scope: "col" }, t("round.total")));
    parRow.appendChild(h("td", null, String(par)));
    strokeRow.appendChild(h("td", { class: "total", "data-total": round.total ?? "" }, String(round.total ?? "")));

    const table = h("table", { class: "card-table" },
      h("caption", null, t("round.holeOf", { hole: Math.min(hole, holes), holes })),
      h("thead", null, head), h("tbody", null, parRow, strokeRow));

    const copy = h("button", { type: "button", class: "small", onclick: async () => {
      if (await copyText(round.code)) notice(() => `${t("tool.copied")}: ${round.code}`, 2000);
    } }, t("tool.copy"));
    const header = h("div", { class: "scorecard-head" },
      h("strong", null, t("round.title")),
      h("span", { class: "course" }, `${t("round.course")}: `,
        h("code", { testid: "course-code" }, round.code || ""), " ", copy),
      h("span", { class: "to-par" }, `${t("round.toPar")}: `,
        h("strong", { testid: "to-par" }, signed(round.to_par))));

    const footer = h("div", { class: "scorecard-foot" });
    if (round.complete) {
      footer.appendChild(h("p", { class: "round-complete" },
        tn("round.complete", round.total, { total: round.total, toPar: signed(round.to_par) })));
      footer.appendChild(h("button", { type: "button", class: "primary",
        onclick: () => this.app.openNewDialog() }, t("nav.new")));
    } else if (over) {
      footer.appendChild(h("button", { type: "button", class: "primary", testid: "next-hole",
        onclick: () => this.onNextHole() }, t("round.next")));
      const done = i18nHoleOver(state, hole);
      if (done) footer.appendChild(h("span", { class: "hole-over" }, done));
    }
    this.el.replaceChildren(header, scrollTable(t("round.title"), table), footer);
  }
}
