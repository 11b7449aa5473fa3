// The page's language (docs/languages.md): English, German or Portuguese, chosen from the
// person's own choice (the language switch, kept in localStorage), else the browser's
// languages (`navigator.languages`), else English.  The server holds the catalogs
// (`GET /api/catalog?prefer=...`, built from src/gamenight/locale/<lang>/LC_MESSAGES/web.po)
// and chooses among them; this module waits for the answer at load (a top-level await),
// so every module that imports it finds `t()` ready and draws in the right language.
//
// Marking a text: `t("Take a seat")`, `t("Seat {seat}", { seat: 2 })` (placeholders in
// braces, kept as they are in a translation), `tn("{n} player", "{n} players", n)`.
// The pages mark theirs with `data-i18n` (the element's text) and `data-i18n-attr`
// (attributes whose values are texts), translated here as the page loads.
// `python -m gamenight.i18n.extract` collects every marked text into the catalogs.

/** @typedef {{code: string, name: string}} Language */
/** @typedef {{language: string, locale: string, languages: Language[], messages: Record<string, string | string[]>}} Catalog */

/** Where the person's own choice of language is kept. */
const CHOICE = "gamenight.language";

/** The languages the person prefers, theirs first. @returns {string[]} */
function preferred() {
  /** @type {string[]} */
  const tags = [];
  try {
    const chosen = localStorage.getItem(CHOICE);
    if (chosen) tags.push(chosen);
  } catch { /* storage refused (a private window): the browser's languages then */ }
  tags.push(...(navigator.languages ?? [navigator.language]));
  return tags.filter((tag) => /^[A-Za-z0-9-]{1,35}$/.test(tag));
}

/** @returns {Promise<Catalog>} */
async function fetchCatalog() {
  const prefer = encodeURIComponent(preferred().join(","));
  try {
    const response = await fetch(`/api/catalog?prefer=${prefer}`);
    if (response.ok) return /** @type {Catalog} */ (await response.json());
  } catch { /* no server to ask: the page in English */ }
  return { language: "en", locale: "en", languages: [{ code: "en", name: "English" }],
    messages: {} };
}

const catalog = await fetchCatalog();

/** The games whose own texts are in the catalog now. @type {Set<string>} */
const gamesLoaded = new Set();

/**
 * Adds the texts of `game`'s own table and words (its package's `game.po`, served as
 * `/api/catalog?game=`) to the page's catalog, in the page's language: what a game's
 * table says is the game's, not the site's.  Called (and awaited) before a table of the
 * game is drawn (`tables/index.js`); asking again does nothing.
 * @param {string} game
 */
export async function useGame(game) {
  if (gamesLoaded.has(game) || catalog.language === "en") return;
  try {
    const response = await fetch(
      `/api/catalog?prefer=${catalog.language}&game=${encodeURIComponent(game)}`);
    if (!response.ok) return;
    const answer = /** @type {Catalog} */ (await response.json());
    Object.assign(catalog.messages, answer.messages);
    gamesLoaded.add(game);
  } catch { /* not reached: the table in English */ }
}

/** The language the page speaks now (`en`, `de`, `pt`). */
export function language() {
  return catalog.language;
}

/**
 * `text` with each `{name}` replaced by `params[name]` (a name not given stays as it is).
 * @param {string} text  @param {Record<string, string | number>} [params]
 */
function fillIn(text, params) {
  if (params === undefined) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole);
}

/**
 * `message` in the page's language, its placeholders filled in from `params`.
 * @param {string} message  @param {Record<string, string | number>} [params]
 * @returns {string}
 */
export function t(message, params) {
  const found = catalog.messages[message];
  return fillIn(typeof found === "string" ? found : message, params);
}

/**
 * A word that arrives as data (a card's colour, an animal: a game's facts and views hold
 * them in English), in the page's language: `word(card.colour)`, `word(\`${colour} {number}\`,
 * { number })`.  The same lookup as `t()`, under another name so that the extraction skips
 * it: a text built at run time is no message; the game's package marks each such word
 * (its `terms.py`) and its catalog translates it.
 * @param {string} english  @param {Record<string, string | number>} [params]
 * @returns {string}
 */
export function word(english, params) {
  return t(english, params);
}

/** The plural categories of the page's language, in gettext's order (CLDR's). */
const CATEGORIES = ["zero", "one", "two", "few", "many", "other"];
const rules = new Intl.PluralRules(catalog.locale);
const ordered = rules.resolvedOptions().pluralCategories
  .slice().sort((a, b) => CATEGORIES.indexOf(a) - CATEGORIES.indexOf(b));

/**
 * The form of `singular` / `plural` for `count`, in the page's language, with `{n}` and
 * `params` filled in.
 * @param {string} singular  @param {string} plural  @param {number} count
 * @param {Record<string, string | number>} [params]
 * @returns {string}
 */
export function tn(singular, plural, count, params) {
  const all = { n: count, ...params };
  const forms = catalog.messages[singular];
  if (!Array.isArray(forms)) return fillIn(count === 1 ? singular : plural, all);
  const category = rules.select(count);
  // A catalog with one form per category, in order; else the first is "one".
  const index = forms.length === ordered.length ? ordered.indexOf(category)
    : category === "one" ? 0 : forms.length - 1;
  return fillIn(forms[index] ?? plural, all);
}

/**
 * Translates the marked texts under `root`: each `[data-i18n]` element's text, each
 * attribute its `data-i18n-attr` names.  The English of each is kept (`data-i18n` holds
 * it once read), so translating again after a change of language is safe.
 * @param {ParentNode} root
 */
export function translatePage(root) {
  for (const element of root.querySelectorAll("[data-i18n]")) {
    const english = element.getAttribute("data-i18n")
      || (element.textContent ?? "").replace(/\s+/g, " ").trim();
    element.setAttribute("data-i18n", english);
    element.textContent = t(english);
  }
  for (const element of root.querySelectorAll("[data-i18n-attr]")) {
    for (const name of (element.getAttribute("data-i18n-attr") ?? "").split(/\s+/)) {
      if (!name) continue;
      const kept = `data-i18n-${name}`;
      const english = element.getAttribute(kept) ?? element.getAttribute(name);
      if (english === null) continue;
      element.setAttribute(kept, english);
      element.setAttribute(name, t(english.replace(/\s+/g, " ").trim()));
    }
  }
}

/**
 * Makes `select` the page's language switch: the languages by their own names, the one
 * spoken now chosen; choosing another keeps it (for every page of this site) and draws
 * the page again in it.
 * @param {HTMLSelectElement} select
 */
export function languageSwitch(select) {
  select.replaceChildren(...catalog.languages.map(({ code, name }) => {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = name;
    option.selected = code === catalog.language;
    return option;
  }));
  select.addEventListener("change", () => {
    try {
      localStorage.setItem(CHOICE, select.value);
    } catch { /* not kept: this page only */ }
    // Drawn again from the start, as a reload draws it: every module's texts, the
    // room's seat rejoined by its kept token.
    location.reload();
  });
}

document.documentElement.lang = catalog.language;
translatePage(document);
const languageSelect = document.getElementById("language");
if (languageSelect instanceof HTMLSelectElement) languageSwitch(languageSelect);
