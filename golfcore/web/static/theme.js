// Themes: light (the felt as always), dark, and high contrast. «Automático» follows the
// system: high contrast when it asks for more contrast or forces its colours, dark when it
// prefers a dark scheme, else light. The choice is a setting (store.js); theme.css holds the
// colours, as overrides of style.css's variables under <html data-theme="...">.

export const THEMES = ["auto", "light", "dark", "contrast"];

const media = {
  contrast: window.matchMedia("(prefers-contrast: more)"),
  forced: window.matchMedia("(forced-colors: active)"),
  dark: window.matchMedia("(prefers-color-scheme: dark)"),
};

let choice = "auto";

export function resolveTheme(chosen) {
  if (chosen && chosen !== "auto" && THEMES.includes(chosen)) return chosen;
  if (media.contrast.matches || media.forced.matches) return "contrast";
  return media.dark.matches ? "dark" : "light";
}

export function applyTheme(chosen) {
  choice = THEMES.includes(chosen) ? chosen : "auto";
  const theme = resolveTheme(choice);
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.dataset.themeChoice = choice;
  const meta = document.querySelector('meta[name="color-scheme"]');
  if (meta) meta.setAttribute("content", theme === "light" ? "light" : "dark");
  return theme;
}

// «Automático» follows the system while the page is open.
for (const m of Object.values(media)) {
  m.addEventListener("change", () => { if (choice === "auto") applyTheme("auto"); });
}
