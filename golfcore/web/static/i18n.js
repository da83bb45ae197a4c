// Spanish and English strings. t(key, params) looks a string up in the current language;
// elements with data-i18n="key" (text) or data-i18n-attr="attr:key;attr:key" are filled by
// applyStatic(). The language defaults to the browser's and is kept in localStorage.

import es from "./strings-es.js";
import en from "./strings-en.js";

const STRINGS = { es, en };

const KEY = "golf.lang";
let lang = pickInitial();
const listeners = [];

function pickInitial() {
  let saved = null;
  try { saved = localStorage.getItem(KEY); } catch (e) { /* private mode */ }
  if (saved && STRINGS[saved]) return saved;
  const nav = (navigator.languages && navigator.languages[0]) || navigator.language || "es";
  return nav.toLowerCase().startsWith("en") ? "en" : "es";
}

export function getLang() { return lang; }

export function setLang(next) {
  if (!STRINGS[next] || next === lang) return;
  lang = next;
  try { localStorage.setItem(KEY, next); } catch (e) { /* ignore */ }
  document.documentElement.lang = lang;
  applyStatic(document);
  for (const fn of listeners) fn(lang);
}

export function onLangChange(fn) { listeners.push(fn); }

export function t(key, params) {
  let s = STRINGS[lang][key];
  if (s === undefined) s = STRINGS.es[key];
  if (s === undefined) return key;
  if (params) s = s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  return s;
}

// A string with a count: "KEY.one" when n is 1 (and the language has it), else "KEY"
// («1 punto», «2 puntos»).
export function tn(key, n, params) {
  const all = Object.assign({ n }, params || {});
  const one = `${key}.one`;
  if (Number(n) === 1 && (STRINGS[lang][one] !== undefined)) return t(one, all);
  return t(key, all);
}

// The text of a refusal or an error in the current language. Every refusal and every error
// the server sends carries `messages: {es, en}` (golfcore.web.i18n): the page shows those,
// never the English `message` meant for developers, unless the reply has no texts at all.
export function pickMessage(messages, fallback) {
  if (messages && typeof messages === "object") return messages[lang] || fallback || messages.es || messages.en || "";
  return fallback || "";
}

export function errorText(reply) {
  if (!reply) return t("conn.lost");
  return pickMessage(reply.messages, t("error.generic", { msg: reply.error || reply.reason || "?" }));
}

// A text in both languages ({es, en}) in the current one.
export function pick(texts, fallback) {
  return texts && typeof texts === "object" ? (texts[lang] || fallback || "") : (fallback || "");
}

export function applyStatic(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":");
      if (attr && key) el.setAttribute(attr.trim(), t(key.trim()));
    }
  }
  document.title = t("app.title");
}
