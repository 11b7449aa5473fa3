// Just enough Markdown for the games' rules pages (rules.md): headings, paragraphs,
// lists, tables, code blocks and inline `code`, **bold**, *emphasis* and [links] (shown
// as their text: they point into the source tree).  Built as elements, never as markup.

import { h } from "./dom.js";

/** Inline spans: code, bold, emphasis, a link's text. */
const INLINE = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|\[([^\]]+)\]\([^)]*\)/g;

/**
 * @param {string} text
 * @returns {(Node | string)[]}
 */
function inline(text) {
  /** @type {(Node | string)[]} */
  const out = [];
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > at) out.push(text.slice(at, index));
    const [, code, bold, emphasis, link] = match;
    if (code !== undefined) out.push(h("code", {}, code));
    else if (bold !== undefined) out.push(h("strong", {}, ...inline(bold)));
    else if (emphasis !== undefined) out.push(h("em", {}, ...inline(emphasis)));
    else if (link !== undefined) out.push(...inline(link));
    at = index + match[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** @param {string} line */
const cells = (line) => line.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());

/**
 * The Markdown `source` as elements.
 * @param {string} source
 * @returns {HTMLElement[]}
 */
export function renderMarkdown(source) {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  /** @type {HTMLElement[]} */
  const blocks = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === "") {
      i += 1;
    } else if (line.startsWith("```")) {
      const code = [];
      for (i += 1; i < lines.length && !lines[i].startsWith("```"); i += 1) code.push(lines[i]);
      i += 1;
      blocks.push(h("pre", {}, h("code", {}, code.join("\n"))));
    } else if (/^#{1,6} /.test(line)) {
      const level = Math.min(6, (line.match(/^#+/)?.[0].length ?? 1) + 1); // h1 is the page's
      const tag = /** @type {"h2" | "h3" | "h4" | "h5" | "h6"} */ (`h${Math.min(level, 6)}`);
      blocks.push(h(tag, {}, ...inline(line.replace(/^#+ /, ""))));
      i += 1;
    } else if (line.trimStart().startsWith("|")) {
      const rows = [];
      for (; i < lines.length && lines[i].trimStart().startsWith("|"); i += 1) rows.push(lines[i]);
      const [head, ...body] = rows;
      const data = body.filter((row) => !/^\s*\|[\s:|-]+\|\s*$/.test(row));
      blocks.push(h("div", { class: "table-scroll" }, h("table", {},
        h("thead", {}, h("tr", {}, cells(head).map((c) => h("th", { scope: "col" }, ...inline(c))))),
        h("tbody", {}, data.map((row) => h("tr", {}, cells(row).map((c) => h("td", {}, ...inline(c)))))))));
    } else if (/^\s*([-*]|\d+\.) /.test(line)) {
      const ordered = /^\s*\d+\. /.test(line);
      const items = [];
      while (i < lines.length && lines[i].trim() !== "" && !lines[i].trimStart().startsWith("|")) {
        if (/^\s*([-*]|\d+\.) /.test(lines[i])) items.push(lines[i].replace(/^\s*([-*]|\d+\.) /, ""));
        else items[items.length - 1] += ` ${lines[i].trim()}`; // a wrapped item
        i += 1;
      }
      blocks.push(h(ordered ? "ol" : "ul", {}, items.map((item) => h("li", {}, ...inline(item)))));
    } else {
      const text = [];
      for (; i < lines.length && lines[i].trim() !== "" && !/^(#{1,6} |```|\s*\||\s*([-*]|\d+\.) )/.test(lines[i]); i += 1) {
        text.push(lines[i].trim());
      }
      blocks.push(h("p", {}, ...inline(text.join(" "))));
    }
  }
  return blocks;
}
