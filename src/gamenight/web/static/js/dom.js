// Building the page: elements made with their text as text (a name is never markup:
// docs/security.md, "Names"), their attributes and their children.

/**
 * @typedef {string | number | boolean | null | undefined} AttrValue
 * @typedef {Record<string, AttrValue>} Attrs
 * @typedef {Node | string | null | undefined | false} Child
 */

/**
 * An element `tag` with `attrs` (`class`, `aria-*`, `data-*`, ...; false or null leave
 * one out, true writes it empty) and `children` (a string becomes a text node).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? "" : String(value));
  }
  append(element, children);
  return element;
}

/**
 * @param {Element} element
 * @param {(Child | Child[])[]} children
 */
export function append(element, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
}

/**
 * Replaces everything in `element` with `children`.
 * @param {Element} element
 * @param {...(Child | Child[])} children
 */
export function fill(element, ...children) {
  element.replaceChildren();
  append(element, children);
}

/**
 * The element with `id`, of the type the page promises.
 * @template {HTMLElement} T
 * @param {string} id
 * @param {new () => T} type
 * @returns {T}
 */
export function byId(id, type) {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`the page has no ${type.name} #${id}`);
  return element;
}
