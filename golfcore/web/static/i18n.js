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

// The message of a refusal in the current language (messages: {es, en}).
export function pickMessage(messages, fallback) {
  if (messages && typeof messages === "object") return messages[lang] || messages.es || messages.en || fallback || "";
  return fallback || "";
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
