// Small DOM helpers shared by the screens: element building, overlays, notices, copying.

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

export function $(testid, root) {
  return (root || document).querySelector(`[data-testid="${testid}"]`);
}

// Overlays (dialogs and panels): an element with class "overlay" shown by removing `hidden`.
const openStack = [];

export function showOverlay(el, focusSel) {
  if (!el.hidden && openStack.includes(el)) return;
  el.hidden = false;
  const i = openStack.indexOf(el);
  if (i >= 0) openStack.splice(i, 1);
  openStack.push(el);
  const target = focusSel ? el.querySelector(focusSel) : el.querySelector("button, input, select");
  if (target) setTimeout(() => target.focus(), 0);
}

export function hideOverlay(el) {
  el.hidden = true;
  const i = openStack.indexOf(el);
  if (i >= 0) openStack.splice(i, 1);
}

export function topOverlay() {
  return openStack.length ? openStack[openStack.length - 1] : null;
}

export function anyOverlayOpen() { return openStack.length > 0; }

// A short notice at the bottom of the screen (stale tables, copies, connection).
let noticeTimer = null;
export function notice(text, ms) {
  const el = document.getElementById("notice");
  if (!el) return;
  el.textContent = text;
  el.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { el.hidden = true; }, ms || 3500);
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (e) {
    // Fallback for pages without clipboard permission (plain http on another host).
    const ta = h("textarea", { style: "position:fixed;left:-1000px;top:0" });
    ta.value = text;
    document.body.appendChild(ta);
    ta.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch (e2) { ok = false; }
    ta.remove();
    return ok;
  }
}
