// Small DOM helpers shared by the screens: element building, overlays, notices, copying.

import { onLangChange } from "./i18n.js";

export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") el.className = v;
      else if (k === "text") el.textContent = v;
      else if (k === "testid") el.dataset.testid = v;
      else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
      else if (k === "dataset") Object.assign(el.dataset, v);
      // Through the CSSOM: the Content-Security-Policy refuses inline style attributes.
      else if (k === "style") el.style.cssText = v;
      else el.setAttribute(k, v === true ? "" : String(v));
    }
  }
  // Table cells keep a space on each side of their text, so that the row's text reads
  // "Jugador 2 7 7 7", not "Jugador 2777" (for screen readers, copying and text search).
  const pad = tag === "td" || tag === "th";
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    if (typeof c === "string" || typeof c === "number") {
      el.appendChild(document.createTextNode(pad ? ` ${c} ` : String(c)));
    } else {
      el.appendChild(c);
    }
  }
  return el;
}

// A wide table in a box that scrolls sideways on a phone: the box is a named region in the Tab
// order, so that a keyboard can scroll it.
export function scrollTable(name, table) {
  return h("div", { class: "table-scroll", role: "region", tabindex: "0", "aria-label": name }, table);
}

export function $(testid, root) {
  return (root || document).querySelector(`[data-testid="${testid}"]`);
}

// Overlays (dialogs and panels): an element with class "overlay" shown by removing `hidden`.
// While one is open, the page behind it is inert (no focus, no clicks, hidden from screen
// readers) and Tab cycles inside the top one; closing it gives the focus back to where it was
// (or, when that element is gone, to `fallback()` of the overlay, then to the main screen).
const openStack = [];
const returnTo = new Map();     // overlay -> the element focused before it opened

function setBackgroundInert(on) {
  for (const el of [document.querySelector("main")]) {
    if (el) el.inert = on;
  }
}

export function focusables(root) {
  return [...root.querySelectorAll("button, [href], input, select, textarea, [tabindex]")]
    .filter((el) => !el.disabled && el.tabIndex >= 0 && el.getClientRects().length > 0
      && !el.closest("[hidden], [inert]"));
}

export function showOverlay(el, focusSel) {
  if (!el.hidden && openStack.includes(el)) return;
  const active = document.activeElement;
  if (!returnTo.has(el) && active && active !== document.body && !el.contains(active)) returnTo.set(el, active);
  el.hidden = false;
  const i = openStack.indexOf(el);
  if (i >= 0) openStack.splice(i, 1);
  openStack.push(el);
  setBackgroundInert(true);
  const target = focusSel ? el.querySelector(focusSel) : el.querySelector("button, input, select");
  if (target) setTimeout(() => { if (!el.hidden) target.focus(); }, 0);
}

// Where the focus goes when a dialog closes and the element it came from is gone.
let focusFallback = () => null;
export function setFocusFallback(fn) { focusFallback = fn; }

export function hideOverlay(el, opts) {
  const wasOpen = !el.hidden;
  el.hidden = true;
  const i = openStack.indexOf(el);
  if (i >= 0) openStack.splice(i, 1);
  if (!openStack.length) setBackgroundInert(false);
  const back = returnTo.get(el);
  returnTo.delete(el);
  if (!wasOpen || (opts && opts.keepFocus)) return;
  const active = document.activeElement;
  if (active && active !== document.body && !el.contains(active)) return;   // moved on already
  const top = topOverlay();
  if (top) { const f = focusables(top)[0]; if (f) f.focus(); return; }
  const usable = (x) => x && x.isConnected && x.getClientRects().length > 0 && !x.disabled && !x.closest("[hidden], [inert]");
  const target = usable(back) ? back : focusFallback();
  if (usable(target)) target.focus();
}

// Tab and Shift+Tab stay inside the top overlay (keys.js calls this).
export function trapTab(e) {
  const top = topOverlay();
  if (!top || e.key !== "Tab") return false;
  const items = focusables(top);
  if (!items.length) { e.preventDefault(); return true; }
  const first = items[0];
  const last = items[items.length - 1];
  const inside = top.contains(document.activeElement);
  if (e.shiftKey && (document.activeElement === first || !inside)) { e.preventDefault(); last.focus(); return true; }
  if (!e.shiftKey && (document.activeElement === last || !inside)) { e.preventDefault(); first.focus(); return true; }
  return false;
}

export function topOverlay() {
  return openStack.length ? openStack[openStack.length - 1] : null;
}

export function anyOverlayOpen() { return openStack.length > 0; }

// A short notice at the bottom of the screen (stale tables, copies, connection). `text` may be
// a function giving the text: the notice then follows a language switch while it is shown.
let noticeTimer = null;
let noticeSource = null;
export function notice(text, ms) {
  const el = document.getElementById("notice");
  if (!el) return;
  noticeSource = typeof text === "function" ? text : null;
  el.textContent = noticeSource ? noticeSource() : text;
  el.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { el.hidden = true; noticeSource = null; }, ms || 3500);
}
onLangChange(() => {
  const el = document.getElementById("notice");
  if (el && !el.hidden && noticeSource) el.textContent = noticeSource();
});

// The one live region for what happens at the table (plays, draws, hints, computers' moves,
// turns): never rebuilt, each announcement added as a new line (the last few kept), so that
// the same words said twice are read twice.
export function announce(text) {
  const el = document.getElementById("announcer");
  if (!el || !text) return;
  el.appendChild(h("p", null, text));
  while (el.childElementCount > 4) el.firstElementChild.remove();
}

// Arrow keys (and Home/End) move the choice along a tablist or a radiogroup: `items` are its
// buttons, `choose(item)` selects one. Only the chosen item is in the Tab order.
export function rovingKeys(container, items, choose) {
  container.addEventListener("keydown", (e) => {
    const list = items().filter((x) => !x.disabled && x.getClientRects().length > 0);
    const i = list.indexOf(document.activeElement);
    if (i < 0) return;
    let next = null;
    if (e.key === "ArrowRight" || e.key === "ArrowDown") next = list[(i + 1) % list.length];
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp") next = list[(i - 1 + list.length) % list.length];
    else if (e.key === "Home") next = list[0];
    else if (e.key === "End") next = list[list.length - 1];
    if (!next) return;
    e.preventDefault();
    e.stopPropagation();
    next.focus();
    choose(next);
  });
}

export function syncRoving(items, isChosen) {
  for (const x of items) x.tabIndex = isChosen(x) ? 0 : -1;
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (e) {
    // Fallback for pages without clipboard permission (plain http on another host). The
    // style is set through the CSSOM: the CSP refuses a style attribute.
    const ta = h("textarea", { "aria-hidden": "true", tabindex: "-1" });
    ta.style.cssText = "position:fixed;left:-1000px;top:0";
    ta.value = text;
    document.body.appendChild(ta);
    ta.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch (e2) { ok = false; }
    ta.remove();
    return ok;
  }
}
