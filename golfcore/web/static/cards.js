// Cards drawn with CSS and inline SVG suit symbols; spoken labels in Spanish and English.
// A card code is rank "A23456789TJQK" then suit "CDHS" ("TS" is the ten of spades); "JK" a joker.

import { t, getLang } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";

const PATHS = {
  H: "M50 90C22 66 5 50 5 30 5 15 16 5 29 5c9 0 17 5 21 13C54 10 62 5 71 5c13 0 24 10 24 25 0 20-17 36-45 60Z",
  D: "M50 3 88 50 50 97 12 50Z",
  S: "M50 4C40 22 7 38 7 61c0 14 11 24 24 24 8 0 14-4 17-9-1 9-5 15-13 20h30c-8-5-12-11-13-20 3 5 9 9 17 9 13 0 24-10 24-24C93 38 60 22 50 4Z",
  C: "M50 6a21 21 0 0 0-19 30 21 21 0 1 0 14 34c-1 11-5 18-13 24h36c-8-6-12-13-13-24a21 21 0 1 0 14-34A21 21 0 0 0 50 6Z",
  JK: "M50 4l12 30 32 2-25 20 9 31-28-18-28 18 9-31L6 36l32-2Z",
};

// One hidden sprite of <symbol>s; every suit drawn later is a <use> of it.
function installSprite() {
  if (document.getElementById("suit-sprite")) return;
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("id", "suit-sprite");
  svg.setAttribute("aria-hidden", "true");
  svg.style.display = "none";
  for (const [name, d] of Object.entries(PATHS)) {
    const sym = document.createElementNS(SVG_NS, "symbol");
    sym.setAttribute("id", `suit-${name}`);
    sym.setAttribute("viewBox", "0 0 100 100");
    const path = document.createElementNS(SVG_NS, "path");
    path.setAttribute("d", d);
    path.setAttribute("fill", "currentColor");
    sym.appendChild(path);
    svg.appendChild(sym);
  }
  document.body.prepend(svg);
}
installSprite();

export function suitIcon(suit, cls) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", cls || "suit");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const use = document.createElementNS(SVG_NS, "use");
  use.setAttribute("href", `#suit-${suit}`);
  svg.appendChild(use);
  return svg;
}

const RANKS = "A23456789TJQK";

export function parseCard(code) {
  if (!code || typeof code !== "string") return null;
  if (code === "JK") return { code, rank: 0, suit: "", joker: true };
  const rank = RANKS.indexOf(code[0]) + 1;
  const suit = code[1];
  if (rank < 1 || !"CDHS".includes(suit)) return null;
  return { code, rank, suit, joker: false };
}

export function isRed(code) {
  const c = parseCard(code);
  return !!c && (c.suit === "H" || c.suit === "D");
}

// The rank as printed in a card's corner: 10, and the king is R in Spanish (the document's R♣).
export function rankText(rank) {
  if (rank === 1) return "A";
  if (rank === 10) return "10";
  if (rank === 11) return "J";
  if (rank === 12) return "Q";
  if (rank === 13) return getLang() === "es" ? "R" : "K";
  return String(rank);
}

const SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };

// Short written form: "10♠", "A♣", "🃏".
export function shortText(code) {
  const c = parseCard(code);
  if (!c) return "";
  if (c.joker) return "🃏";
  return rankText(c.rank) + SYMBOLS[c.suit];
}

// Spoken label: "6 de corazones" / "6 of hearts", "rey de picas", "comodín".
// A card shown by a letter (ace, jack, queen, king) is named with that letter first, so that
// its name contains the text people see on it (voice control: "click R"): "R, rey de picas".
export function cardLabel(code) {
  const c = parseCard(code);
  if (!c) return t("card.back");
  if (c.joker) return t("card.joker");
  const lettered = [1, 11, 12, 13].includes(c.rank);
  const rank = lettered ? t(`rank.${c.rank}`) : String(c.rank);
  const label = t("card.of", { rank, suit: t(`suit.${c.suit}`) });
  return lettered ? t("card.face", { letter: rankText(c.rank), label }) : label;
}

// Fill `el` (usually a <button class="card">) with the face of `code`, or a back when null.
export function drawCard(el, code) {
  el.replaceChildren();
  el.classList.add("card");
  const c = parseCard(code);
  el.classList.toggle("back", !c);
  el.classList.toggle("red", !!c && (c.suit === "H" || c.suit === "D"));
  el.classList.toggle("black", !!c && (c.suit === "C" || c.suit === "S"));
  el.classList.toggle("joker", !!c && c.joker);
  if (!c) {
    const pattern = document.createElement("span");
    pattern.className = "back-pattern";
    el.appendChild(pattern);
    return el;
  }
  const idx = document.createElement("span");
  idx.className = "idx";
  const r = document.createElement("span");
  r.className = "rank";
  r.textContent = c.joker ? "★" : rankText(c.rank);
  idx.appendChild(r);
  if (!c.joker) idx.appendChild(suitIcon(c.suit, "suit small"));
  el.appendChild(idx);
  const middle = document.createElement("span");
  middle.className = "middle";
  if (c.joker) {
    middle.appendChild(suitIcon("JK", "suit big"));
    const word = document.createElement("span");
    word.className = "joker-word";
    word.textContent = t("card.joker").toUpperCase();
    middle.appendChild(word);
  } else if (c.rank >= 11) {
    // The big letter is drawn by the style sheet (::before), so that the card's visible text
    // is its corner's letter once, as its name begins ("R, rey de picas").
    const letter = document.createElement("span");
    letter.className = "face-letter";
    letter.setAttribute("aria-hidden", "true");
    letter.dataset.letter = rankText(c.rank);
    middle.appendChild(letter);
    middle.appendChild(suitIcon(c.suit, "suit medium"));
  } else {
    middle.appendChild(suitIcon(c.suit, "suit big"));
  }
  el.appendChild(middle);
  return el;
}

// A new <button> card with its aria-label.
export function cardButton(code, extraLabel) {
  const b = document.createElement("button");
  b.type = "button";
  drawCard(b, code);
  const label = cardLabel(code);
  b.setAttribute("aria-label", extraLabel ? `${label}, ${extraLabel}` : label);
  return b;
}
