// Share links and copying (docs/web.md, "Replays and share links").
//
//   /#deal=GO1-E-AAAAAAB            a solitaire deal
//   /#replay=GO1-E-AAAAAAB.d4ud     a solitaire game replayed: its code, ".", its moves
//                                   (1-9 a column's free card, d draw, r redeal, u undo)
//   /#replay=GK1-G233-...           a finished card-game match, by its replay code
//
// readFragment() checks a fragment whole (length, form, characters) before anything reads it.

import { h, copyText } from "./ui.js";

export const MAX_FRAGMENT = 600;
const DEAL = /^GO1-[A-Z]-[A-Z]{7}$/;
const SOLITAIRE_REPLAY = /^(GO1-[A-Z]-[A-Z]{7})\.([1-9dru]{0,500})$/;
const CARD_REPLAY = /^GK1-[A-Z][2-6][1-9][1-9](-[A-Z]{7}){4}$/;

// What a fragment asks for: {kind: "deal", code}, {kind: "replay", code, moves?},
// {kind: "bad"} for a link of ours that is not valid, or null for no link of ours.
export function readFragment(hash) {
  const text = String(hash || "");
  const m = /^#(deal|replay)=/.exec(text);
  if (!m) return null;
  if (text.length > MAX_FRAGMENT) return { kind: "bad" };
  let value;
  try { value = decodeURIComponent(text.slice(m[0].length)); } catch (e) { return { kind: "bad" }; }
  if (m[1] === "deal") {
    const code = value.toUpperCase();
    return DEAL.test(code) ? { kind: "deal", code } : { kind: "bad" };
  }
  const sol = SOLITAIRE_REPLAY.exec(value);
  if (sol && DEAL.test(sol[1].toUpperCase())) return { kind: "replay", code: sol[1].toUpperCase(), moves: sol[2] };
  const code = value.toUpperCase();
  if (CARD_REPLAY.test(code)) return { kind: "replay", code };
  return { kind: "bad" };
}

export function dealLink(code) {
  return code && DEAL.test(code) ? `${location.origin}/#deal=${code}` : "";
}

// The share link of a `replay` reply: a solitaire game's code and moves (none for a round),
// a card-game match's replay code (none for a chosen seed: GC1 codes are not looked up).
export function shareLink(reply) {
  if (!reply) return "";
  if (reply.game === "solitaire") {
    if (typeof reply.moves !== "string" || !DEAL.test(reply.code || "")) return "";
    return `${location.origin}/#replay=${reply.code}.${reply.moves}`;
  }
  return CARD_REPLAY.test(reply.code || "") ? `${location.origin}/#replay=${reply.code}` : "";
}

// Copying: ui.js's copyText (the Clipboard API, else a selected text field), here too.
export { copyText };

export async function copyShown(input) {
  const ok = await copyText(input.value);
  if (!ok) { input.focus(); input.select(); }
  return ok;
}
