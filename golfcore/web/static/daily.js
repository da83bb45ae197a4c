// «Reto diario» / "Daily deal": in the new-game dialog, today's deal (by the player's own
// calendar date) with its difficulty, and today's 9-hole course; on the statistics page, the
// days played and the streaks of days won (docs/web.md, Daily deal).

import { t, getLang, onLangChange, errorText } from "./i18n.js";
import { $, h } from "./ui.js";

// The player's local calendar date, YYYY-MM-DD (what the server's rule hashes).
export function localDate(now = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function longDate(iso) {
  const [y, m, d] = iso.split("-").map(Number);
  try {
    return new Intl.DateTimeFormat(getLang(), { dateStyle: "long" }).format(new Date(y, m - 1, d));
  } catch (e) {
    return iso;
  }
}

export function difficultyText(difficulty) {
  if (!difficulty) return "";
  const level = t(`daily.level.${difficulty.level}`);
  const pct = `${Math.round(difficulty.chance * 100)}\u00a0%`;   // never "63" and "%" on two lines
  // What was measured, no more: an exact fair chance, or the wins of a non-peeking player over
  // the sampled orders of the stock (an estimate, not a bound: say how many).
  if (difficulty.exact) return t("daily.difficultyExact", { level, pct });
  return t("daily.difficulty", { level, wins: difficulty.wins, samples: difficulty.samples });
}

export class DailyEntry {
  // dialog: the NewGameDialog whose send() starts the game (and disables the buttons meanwhile).
  constructor(dialog) {
    this.dialog = dialog;
    this.el = $("daily");
    this.info = null;
    this.error = "";
    this.date = localDate();
    this.build();
    onLangChange(() => this.render());
  }

  build() {
    this.title = h("h3", { id: "daily-title" }, t("daily.title"));
    this.when = h("p", { class: "daily-date", testid: "daily-date" });
    this.level = h("p", { class: "daily-level", testid: "daily-difficulty", "aria-live": "polite" });
    this.play = h("button", { type: "button", class: "primary", testid: "daily-start" }, t("daily.play"));
    this.course = h("button", { type: "button", testid: "daily-round" }, t("daily.round"));
    this.play.addEventListener("click", () => this.dialog.send({ daily: this.date }, false));
    this.course.addEventListener("click", () => this.dialog.send({ daily: this.date, round: true }, false));
    this.el.setAttribute("aria-labelledby", "daily-title");
    this.el.replaceChildren(this.title, this.when, this.level,
      h("div", { class: "buttons daily-buttons" }, this.play, this.course));
    this.el.hidden = false;
  }

  // Called when the dialog opens: today's date (it may have changed) and its deal's difficulty.
  async refresh() {
    const today = localDate();
    if (this.info && this.info.date === today) { this.render(); return; }
    this.date = today;
    this.info = null;
    this.error = "";
    this.render();
    const reply = await this.dialog.app.request("daily", { date: today });
    if (this.date !== today) return;
    if (reply && reply.ok) this.info = reply.daily;
    else this.error = errorText(reply);
    this.render();
  }

  render() {
    this.title.textContent = t("daily.title");
    this.when.textContent = longDate(this.date);
    this.level.textContent = this.error || (this.info ? difficultyText(this.info.difficulty) : t("daily.loading"));
    this.level.dataset.level = this.info ? this.info.difficulty.level : "";
    this.play.textContent = t("daily.play");
    this.course.textContent = t("daily.round");
  }
}

// The statistics page's panel of the daily deals (`stats.daily`), or null before any is played.
export function dailyPanel(daily, num) {
  if (!daily || !daily.days) return null;
  const rows = [
    [t("daily.days"), num(daily.days)], [t("daily.won"), num(daily.won)],
    [t("daily.streak"), num(daily.streak)], [t("daily.bestStreak"), num(daily.best_streak)],
  ];
  return h("section", { class: "panel", testid: "stats-daily" },
    h("h2", null, t("daily.title")),
    h("div", { class: "stat-cards" }, h("article", { class: "stat-card daily-card" },
      h("dl", null, rows.map(([k, v]) => h("div", null, h("dt", null, k), h("dd", null, ` ${v} `)))),
      daily.last ? h("p", { class: "daily-last" }, t("daily.last", { date: longDate(daily.last) })) : null)));
}
