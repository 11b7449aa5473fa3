// A table's keyboard: keys typed anywhere on the page, except while the person writes
// in a field (a name, the filter of the plain table) or holds a modifier (the browser's
// own shortcuts), or a dialog is open over the table.

/**
 * Calls `handler(key, event)` for each such key press (`event.key`, e.g. "a", "1", " ",
 * "Enter") while the table's `root` is on the page (the shell gives each game a new
 * root, so a finished game's table stops listening by itself); the handler returns true
 * when the key did something, and its default is then prevented (Space does not scroll
 * the page).  Returns a function that stops it sooner.
 * @param {HTMLElement} root
 * @param {(key: string, event: KeyboardEvent) => boolean} handler
 * @returns {() => void}
 */
export function onTableKey(root, handler) {
  /** @param {KeyboardEvent} event */
  const listener = (event) => {
    if (!root.isConnected) {
      document.removeEventListener("keydown", listener);
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement
        || target instanceof HTMLSelectElement
        || (target instanceof HTMLElement && target.isContentEditable)) return;
    if (document.querySelector("dialog[open]") !== null) return;
    // A focused button already answers Enter and Space itself.
    if (target instanceof HTMLButtonElement && (event.key === "Enter" || event.key === " ")) {
      return;
    }
    if (handler(event.key, event)) event.preventDefault();
  };
  document.addEventListener("keydown", listener);
  return () => document.removeEventListener("keydown", listener);
}
