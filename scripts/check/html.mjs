// Walking HTML the way a browser reads it (parse5): every element, template contents and inline
// SVG included, and the text a reader sees. Used by the site validator and the site-level tests.
import { parse } from 'parse5';

export { parse as parseHtml };

/** Every element of a parse5 tree, in document order, with template contents. */
export function* elements(node) {
  for (const child of node.childNodes ?? []) {
    if (child.tagName) yield child;
    yield* elements(child);
  }
  if (node.content) yield* elements(node.content);
}

/** The value of an element's attribute, or undefined. */
export const attrOf = (el, name) => el.attrs.find((a) => a.name === name)?.value;

/** Text of a parse5 tree, as a reader sees it (markup decoded once). */
export function textOf(node) {
  if (node.nodeName === '#text') return node.value;
  return [...(node.childNodes ?? []), ...(node.content ? [node.content] : [])].map(textOf).join('');
}
