// The end of a round (every board face up, the lines that counted 0, the ender's penalty in
// words, the scores and totals) and the end of the match (the winners).

import { t } from "./i18n.js";
import { h, scrollTable, notice } from "./ui.js";
import { seatName } from "./cgboard.js";
import { openReplay } from "./replay.js";
import { copyText } from "./share.js";

export function renderRoundResult(obs, onNext) {
  const result = obs.result;
  if (!result) return null;
  const players = obs.players || (obs.boards || []).length;
  const rounds = obs.rounds || [];
  const roundNo = obs.round || rounds.length;

  const head = h("tr", null, h("th", { scope: "col" }, t("cg.result.seat")),
    h("th", { scope: "col" }, t("cg.result.board")),
    h("th", { scope: "col" }, t("cg.result.score")),
    h("th", { scope: "col" }, t("cg.result.total")));
  const rows = [];
  for (let s = 0; s < players; s++) {
    const board = result.board_scores ? result.board_scores[s] : "";
    const score = result.scores ? result.scores[s] : "";
    const cls = [s === result.ender ? "ender" : "", result.penalised && s === result.ender ? "penalised" : ""]
      .filter(Boolean).join(" ");
    rows.push(h("tr", { class: cls || null, "data-seat": s },
      h("th", { scope: "row" }, seatName(s) + (s === result.ender ? " ★" : "")),
      h("td", null, String(board)), h("td", null, String(score)),
      h("td", null, String(obs.totals ? obs.totals[s] : ""))));
  }
  const table = h("table", { class: "card-table" }, h("thead", null, head), h("tbody", null, rows));

  const lines = [];
  const cancelled = Array.isArray(result.cancelled) ? result.cancelled : [];
  const described = cancelled
    .map((places, s) => (Array.isArray(places) && places.length
      ? `${seatName(s)}: ${t("cg.result.places", { list: places.join(", ") })}` : null))
    .filter(Boolean);
  lines.push(h("p", { class: "cancelled-text" },
    described.length ? t("cg.result.cancelled", { places: described.join("; ") }) : t("cg.result.noCancelled")));
  if (result.ender !== null && result.ender !== undefined) {
    const e = result.ender;
    lines.push(h("p", null, t("cg.result.ender", { n: e + 1 }), " ",
      result.penalised
        ? t("cg.result.penalised", { from: result.board_scores[e], to: result.scores[e] })
        : t("cg.result.notPenalised")));
  }

  const history = renderHistory(obs, players);
  const legal = obs.legal || [];
  const next = !obs.over && legal.includes("next")
    ? h("button", { type: "button", class: "primary", testid: "cg-next", "aria-keyshortcuts": "Enter", onclick: onNext }, t("cg.act.next"))
    : null;
  return h("section", { class: "panel round-result", testid: "round-result" },
    h("h2", null, t("cg.result.title", { n: roundNo })), table, lines, history,
    next ? h("div", { class: "buttons" }, next) : null);
}

function renderHistory(obs, players) {
  const rounds = obs.rounds || [];
  if (rounds.length < 2) return null;
  const head = h("tr", null, h("th", { scope: "col" }, t("cg.result.seat")), rounds.map((_, i) => h("th", { scope: "col" }, String(i + 1))),
    h("th", { scope: "col" }, t("cg.result.total")));
  const rows = [];
  for (let s = 0; s < players; s++) {
    rows.push(h("tr", null, h("th", { scope: "row" }, seatName(s)),
      rounds.map((r) => h("td", null, String(r.scores ? r.scores[s] : ""))),
      h("td", null, String(obs.totals ? obs.totals[s] : ""))));
  }
  return scrollTable(t("cg.history"),
    h("table", { class: "card-table history" }, h("caption", null, t("cg.history")), h("thead", null, head), h("tbody", null, rows)));
}

export function renderMatchOver(obs, onNewMatch) {
  if (!obs.over) return null;
  const winners = obs.winners || [];
  const names = winners.map((s) => `${seatName(s)} (${obs.totals ? obs.totals[s] : ""})`).join(", ");
  return h("section", { class: "panel match-over", testid: "match-over", role: "status" },
    h("h2", null, t("cg.over")),
    h("p", { class: "winners" }, t(winners.length > 1 ? "cg.winnersMany" : "cg.winners", { names })),
    obs.code ? h("p", null, t("cg.code", { code: "" }), h("code", { testid: "cg-code" }, obs.code)) : null,
    h("div", { class: "buttons" },
      h("button", { type: "button", class: "primary", onclick: onNewMatch }, t("cg.new")),
      // the replay code: copied to share, and the match shown again step by step
      obs.code ? h("button", { type: "button", testid: "cg-copy-code", onclick: async () => {
        if (await copyText(obs.code)) notice(`${t("tool.copied")}: ${obs.code}`, 2500);
      } }, t("cg.copyCode")) : null,
      h("button", { type: "button", testid: "cg-replay", onclick: () => openReplay({}) }, t("cg.replay"))));
}
