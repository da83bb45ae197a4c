// The header's settings (language, interactive rules, and whatever else is added to the
// `.settings` container): in the header's row on a wide window, folded behind «Ajustes» on a
// narrower one (style.css). The toggle opens and closes the panel (aria-expanded); Escape, a
// touch outside it or the focus leaving it closes it again.

const menu = document.querySelector(".settings-menu");
const toggle = menu && menu.querySelector(".settings-toggle");

function isOpen() { return menu.classList.contains("open"); }

function setOpen(on) {
  menu.classList.toggle("open", on);
  toggle.setAttribute("aria-expanded", String(on));
}

if (menu && toggle) {
  toggle.addEventListener("click", () => {
    setOpen(!isOpen());
    if (isOpen()) {
      const first = menu.querySelector(".settings select, .settings input, .settings button");
      if (first) first.focus();
    }
  });
  document.addEventListener("pointerdown", (e) => {
    if (isOpen() && !menu.contains(e.target)) setOpen(false);
  });
  menu.addEventListener("focusout", (e) => {
    if (isOpen() && e.relatedTarget && !menu.contains(e.relatedTarget)) setOpen(false);
  });
  menu.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && isOpen()) {
      e.preventDefault();
      setOpen(false);
      toggle.focus();
    }
  });
}
