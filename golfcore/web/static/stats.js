// The statistics page (the `stats` request, as `golf stats --json` prints them): per solitaire
// variant played, won, win %, current and best streak, best score, average moves and time
// played; the 9-hole rounds with their scorecards; the card game's records per seat kind.

import { t, getLang, errorText, onLangChange } from "./i18n.js";
import { $, h, scrollTable } from "./ui.js";
import { dailyPanel } from "./daily.js";

function pct(rate) {
  if (rate === null || rate === undefined) return "—";
  return `${Math.round(rate * 1000) / 10} %`;
}

function duration(seconds) {
  const s = Math.round(Number(seconds) || 0);
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const secs = s % 60;
  if (hours) return `${hours} h ${String(minutes).padStart(2, "0")} min`;
  if (minutes) return `${minutes} min ${String(secs).padStart(2, "0")} s`;
  return `${secs} s`;
}

function num(value) {
  if (value === null || value === undefined) return "—";
  return typeof value === "number" ? value.toLocaleString(getLang()) : String(value);
}

function signed(n) {
  if (n === null || n === undefined) return "";
  return n > 0 ? `+${n}` : n === 0 ? "E" : String(n);
}

function table(name, headers, rows) {
  return scrollTable(name,
    h("table", { class: "card-table" },
      h("thead", null, h("tr", null, headers.map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", null, rows.map((r) => h("tr", null, r.map((c, i) => (i === 0
        ? h("th", { scope: "row" }, c) : h("td", null, c))))))));
}

export class StatsPage {
  constructor(app) {
    this.app = app;
    this.el = $("stats-page");
    this.el.classList.add("stats");
    this.data = null;
    onLangChange(() => { if (!this.el.hidden) this.render(); });
  }

  async load() {
    if (!this.data) this.el.replaceChildren(h("h1", null, t("stats.title")), h("p", null, t("stats.loading")));
    const reply = await this.app.request("stats", {});
    if (reply && reply.ok) {
      this.data = reply.stats || {};
      this.render();
    } else if (reply) {
      this.el.replaceChildren(h("h1", null, t("stats.title")), h("p", { class: "error" }, errorText(reply)));
    }
  }

  render() {
    const data = this.data || {};
    const solitaire = Array.isArray(data.solitaire) ? data.solitaire : [];
    const rounds = Array.isArray(data.rounds) ? data.rounds : [];
    const cg = data.card_game || {};
    const parts = [h("h1", null, t("stats.title"))];

    const bestText = (v) => (v.best_score
      ? `${num(v.best_score.value)} ${v.best_score.kind === "strokes" ? t("tool.strokes").toLowerCase() : ""}`.trim()
      : "—");
    const cards = solitaire.map((v) => h("article", { class: "stat-card", "data-variant": v.variant },
      h("h3", null, this.app.variantTitle(v.variant) || v.variant),
      h("dl", null, [
        // The time played includes the game in progress, which `played` does not count yet.
        [t("stats.played"), num(v.played) + (v.in_progress ? ` (${num(v.in_progress)} ${t("stats.inProgress")})` : "")],
        [t("stats.won"), num(v.won)],
        [t("stats.winPct"), pct(v.win_rate)], [t("stats.streak"), num(v.streak)],
        [t("stats.bestStreak"), num(v.best_streak)], [t("stats.best"), bestText(v)],
        [t("stats.avgMoves"), num(v.average_moves)], [t("stats.time"), duration(v.seconds)],
      ].map(([k, val]) => h("div", null, h("dt", null, k), h("dd", null, ` ${val} `))))));
    parts.push(h("section", { class: "panel", testid: "stats-solitaire" },
      h("h2", null, t("nav.solitaire")),
      cards.length ? h("div", { class: "stat-cards" }, cards) : h("p", null, t("stats.none"))));
    const daily = dailyPanel(data.daily, num);
    if (daily) parts.push(daily);

    if (rounds.length) {
      const holes = Math.max(9, ...rounds.map((r) => (r.strokes || []).length));
      const headers = [t("round.course")];
      for (let i = 1; i <= holes; i++) headers.push(String(i));
      headers.push(t("round.total"), t("round.toPar"));
      const rows = rounds.slice().reverse().map((r) => {
        const cells = [r.code];
        for (let i = 0; i < holes; i++) cells.push(r.strokes && i < r.strokes.length ? String(r.strokes[i]) : "");
        cells.push(num(r.total), signed(r.to_par) + (r.complete ? "" : ` (${t("stats.inProgress")})`));
        return cells;
      });
      parts.push(h("section", { class: "panel", testid: "stats-rounds" },
        h("h2", null, t("stats.rounds")), table(t("stats.rounds"), headers, rows)));
    }

    const kinds = Array.isArray(cg.by_kind) ? cg.by_kind : [];
    const kindName = (k) => { const key = `cg.kind.${k}`; const s = t(key); return s === key ? k : s; };
    parts.push(h("section", { class: "panel", testid: "stats-cardgame" },
      h("h2", null, t("stats.cardgame")),
      h("p", null, `${t("stats.matches")}: ${num(cg.matches ?? 0)}`
        + (cg.in_progress ? ` (${num(cg.in_progress)} ${t("stats.inProgress")})` : "")),
      kinds.length
        ? table(t("stats.cardgame"), [t("stats.kind"), t("stats.seats"), t("stats.won"), t("stats.winPct")],
          kinds.map((k) => [kindName(k.kind), num(k.seats), num(k.wins), pct(k.win_rate)]))
        : null));
    this.el.replaceChildren(...parts);
  }
}
