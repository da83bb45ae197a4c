// The saved theme on <html data-theme> before the first paint: a classic script in <head>, run
// before the body is drawn, while the page's modules (theme.js applies the theme properly and
// follows the system) may still be downloading. Without it a dark or high-contrast page showed
// the light felt until they ran. It reads what store.js saves ("golf.settings") and decides as
// theme.js's resolveTheme does; anything it cannot read leaves the page to theme.js.
(function () {
  try {
    var saved = JSON.parse(localStorage.getItem("golf.settings") || "{}") || {};
    var theme = saved.theme;
    if (["light", "dark", "contrast"].indexOf(theme) < 0) {
      var more = matchMedia("(prefers-contrast: more)").matches || matchMedia("(forced-colors: active)").matches;
      theme = more ? "contrast" : matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
    }
    document.documentElement.dataset.theme = theme;
  } catch (e) { /* no storage: theme.js decides */ }
})();
