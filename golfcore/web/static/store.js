// What the page keeps in the browser: the tokens of its tables (one solitaire table and one
// card-game table, and which of them was on screen) and the settings.
//
// A tab opened from a per-seat link ("/#join=TOKEN") keeps its card-game tokens in
// sessionStorage, so that it does not take the place of the tokens of the device that created
// the match (both tabs may share one localStorage).

const TABLES = "golf.tables";
const JOINED = "golf.joined";
const SETTINGS = "golf.settings";

function read(storage, key) {
  try {
    const text = storage.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch (e) {
    return null;
  }
}

function write(storage, key, value) {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(value));
  } catch (e) { /* storage full or disabled: the game still plays */ }
}

function joinedTab() {
  return read(sessionStorage, JOINED);
}

// {solitaire: {table, tokens}, cardgame: {table, tokens}, current: "solitaire"|"cardgame"}
export function loadTables() {
  const saved = read(localStorage, TABLES) || {};
  const joined = joinedTab();
  if (joined) {
    saved.cardgame = joined;
    saved.current = "cardgame";
  }
  return saved;
}

export function saveTable(game, table, tokens, links) {
  const entry = { table, tokens };
  if (links) entry.links = links;
  if (game === "cardgame" && joinedTab()) {
    write(sessionStorage, JOINED, entry);
    return;
  }
  const saved = read(localStorage, TABLES) || {};
  saved[game] = entry;
  saved.current = game;
  write(localStorage, TABLES, saved);
}

// A new card-game match created in a joined tab belongs to this device again.
export function leaveJoined() {
  write(sessionStorage, JOINED, null);
}

export function saveJoined(table, tokens) {
  write(sessionStorage, JOINED, { table, tokens });
}

export function setCurrent(game) {
  if (game === "cardgame" && joinedTab()) return;
  const saved = read(localStorage, TABLES) || {};
  saved.current = game;
  write(localStorage, TABLES, saved);
}

export function forgetTable(game) {
  if (game === "cardgame" && joinedTab()) {
    write(sessionStorage, JOINED, null);
    return;
  }
  const saved = read(localStorage, TABLES) || {};
  delete saved[game];
  write(localStorage, TABLES, saved);
}

export function loadSettings() {
  // sound: off until switched on; theme: "auto" | "light" | "dark" | "contrast" (theme.js)
  return Object.assign({ interactive: true, sound: false, theme: "auto" }, read(localStorage, SETTINGS) || {});
}

export function saveSettings(settings) {
  write(localStorage, SETTINGS, settings);
}

// The first visit's tutorial is shown once: then it is only opened from the help panel.
const TUTORIAL = "golf.tutorial";

export function tutorialSeen() {
  return read(localStorage, TUTORIAL) === "seen";
}

export function markTutorialSeen() {
  write(localStorage, TUTORIAL, "seen");
}
