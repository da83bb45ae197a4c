// Drag and drop beside taps and keys: a free card of a column dragged onto the waste is played
// (pointer events: a mouse, a pen or a finger). A drop on the waste is exactly a tap on the
// card (the server accepts it or refuses it with the same message); a drop anywhere else puts
// the card back. A press that moves less than a few pixels stays a tap.

import { reducedMotion } from "./anim.js";

const THRESHOLD = 6;        // pixels a press must move to become a drag

export function installDrag(board) {
  const columns = board.columnsEl;
  let drag = null;          // {card, id, x0, y0, ghost, dx, dy, moved}
  let swallowClick = false; // the click that follows a drag is not a tap

  const end = () => {
    if (drag && drag.ghost) drag.ghost.remove();
    if (drag && drag.card) drag.card.classList.remove("dragging");
    board.wasteEl.classList.remove("drop-target");
    drag = null;
  };

  const overWaste = (x, y) => {
    const r = board.wasteEl.getBoundingClientRect();
    const pad = 12;       // a finger's drop a little beside the waste still counts
    return x >= r.left - pad && x <= r.right + pad && y >= r.top - pad && y <= r.bottom + pad;
  };

  columns.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 || drag) return;
    const card = e.target.closest('button.card[data-free="true"]');
    if (!card || !columns.contains(card) || !board.state || board.state.status !== "playing") return;
    const r = card.getBoundingClientRect();
    drag = { card, id: e.pointerId, x0: e.clientX, y0: e.clientY, dx: e.clientX - r.left, dy: e.clientY - r.top, ghost: null };
  });

  document.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const far = Math.hypot(e.clientX - drag.x0, e.clientY - drag.y0) >= THRESHOLD;
    if (!drag.ghost) {
      if (!far) return;
      // the card itself stays in its column (and keeps the focus); a copy follows the pointer
      const ghost = drag.card.cloneNode(true);
      ghost.removeAttribute("data-testid");
      ghost.className = `${drag.card.className} drag-ghost`;
      ghost.setAttribute("aria-hidden", "true");
      ghost.tabIndex = -1;
      const r = drag.card.getBoundingClientRect();
      ghost.style.width = `${r.width}px`;
      ghost.style.height = `${r.height}px`;
      ghost.style.fontSize = getComputedStyle(drag.card).fontSize;
      document.body.appendChild(ghost);
      drag.ghost = ghost;
      drag.card.classList.add("dragging");
    }
    e.preventDefault();
    drag.ghost.style.transform = `translate(${e.clientX - drag.dx}px, ${e.clientY - drag.dy}px)${reducedMotion() ? "" : " rotate(3deg)"}`;
    board.wasteEl.classList.toggle("drop-target", overWaste(e.clientX, e.clientY));
  }, { passive: false });

  document.addEventListener("pointerup", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const { card, ghost } = drag;
    if (!ghost) { drag = null; return; }       // no drag: the click that follows is a tap
    swallowClick = true;
    setTimeout(() => { swallowClick = false; }, 0);
    const dropped = overWaste(e.clientX, e.clientY);
    const from = ghost.getBoundingClientRect();
    end();
    if (dropped) board.play(Number(card.dataset.column), Number(card.dataset.row), from);
  });

  document.addEventListener("pointercancel", (e) => { if (drag && e.pointerId === drag.id) end(); });

  // The click a drag ends with (on the card, or where it was dropped) is not a tap.
  document.addEventListener("click", (e) => {
    if (!swallowClick) return;
    swallowClick = false;
    e.stopPropagation();
    e.preventDefault();
  }, true);
}
