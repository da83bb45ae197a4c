// The offline page (served by the service worker when a page load cannot reach the server):
// in the saved language, it asks the server every few seconds and reloads the page as soon as
// the server answers. "Reintentar ahora" asks at once. In the saved theme (the page's
// settings), «Automático» following the system as on the page (theme.js).

import { t, getLang, applyStatic } from "./i18n.js";
import { applyTheme } from "./theme.js";
import { loadSettings } from "./store.js";

applyTheme(loadSettings().theme);

const EVERY_MS = 2000;
let timer = null;

async function serverAnswers() {
  try {
    // a HEAD request: the service worker lets it through to the network, never the cache
    const reply = await fetch("/", { method: "HEAD", cache: "no-store" });
    return reply.ok;
  } catch (e) {
    return false;
  }
}

async function check() {
  clearTimeout(timer);
  if (await serverAnswers()) {
    location.reload();
    return;
  }
  timer = setTimeout(check, EVERY_MS);
}

function start() {
  document.documentElement.lang = getLang();
  applyStatic(document);
  document.title = `${t("offline.title")} · Golf`;
  const retry = document.querySelector('[data-testid="offline-retry"]');
  retry.addEventListener("click", async () => {
    const status = document.querySelector('[data-testid="offline-status"]');
    status.textContent = t("offline.checking");
    await check();
    status.textContent = t("offline.waiting");
  });
  timer = setTimeout(check, EVERY_MS);
}

start();
