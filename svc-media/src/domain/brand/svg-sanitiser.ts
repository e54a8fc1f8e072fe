import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

/** What an SVG held that a brand picture may not: a script (or what runs one), or a reference to a file outside it. */
export type SvgRefusal = { kind: 'script'; what: string } | { kind: 'external'; what: string };

/** Elements that run code or carry a page of their own: their presence refuses the file (not removed quietly). */
const RUNNING = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener']);
/** Attributes that name another file. */
const REFERENCING = new Set(['href', 'xlink:href', 'src']);
/**
 * The first url(...) in a style that is not to a part of the same file (#id), or null. Read by
 * hand, not by a regular expression: the text is the uploader's, up to a megabyte.
 */
export function outerUrl(css: string): string | null {
  const lower = css.toLowerCase();
  for (let at = lower.indexOf('url('); at !== -1; at = lower.indexOf('url(', at + 4)) {
    let start = at + 4;
    while (start < css.length && /[\s'"]/.test(css[start]!)) start += 1;
    if (css[start] === '#') continue;
    let end = start;
    while (end < css.length && end - start < 200 && !/[\s'")]/.test(css[end]!)) end += 1;
    return css.slice(start, end);
  }
  return null;
}

let purifier: { purify: DOMPurify; window: JSDOM['window'] } | null = null;

/** One window and one DOMPurify for the process (making a window costs tens of milliseconds). */
function instance() {
  if (!purifier) {
    const { window } = new JSDOM('');
    purifier = { purify: createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]), window };
  }
  return purifier;
}

/**
 * An SVG through DOMPurify (its SVG profiles) with two rules of ours: anything that runs code (a
 * script, an event attribute, a javascript: link, an element that embeds a page) and any reference
 * to another file (a link, an image, a style's url() or @import: anything but `#id` inside the file)
 * refuse the file with what was found; what else DOMPurify drops (an editor's own elements, say) is
 * dropped quietly. Answers the cleaned file as XML (with the SVG namespace a file needs), or why not.
 */
export function sanitiseSvg(text: string): { svg: string } | { refused: SvgRefusal } {
  const { purify, window } = instance();
  let refusal: SvgRefusal | null = null;
  const refuse = (found: SvgRefusal) => {
    refusal ??= found;
  };
  // What a reference names, whether the element holding it is kept or dropped (a <use> of another file is dropped whole, and still refuses the file).
  const reference = (value: string) => {
    const trimmed = value.trim();
    if (/^javascript:/i.test(trimmed)) refuse({ kind: 'script', what: 'a javascript: link' });
    else if (!trimmed.startsWith('#')) refuse({ kind: 'external', what: trimmed.slice(0, 200) });
  };
  purify.addHook('uponSanitizeElement', (node, data) => {
    const name = data.tagName.toLowerCase();
    if (RUNNING.has(name)) refuse({ kind: 'script', what: `<${name}>` });
    if (node.nodeType === 1) {
      for (const attribute of REFERENCING) {
        const value = (node as Element).getAttribute(attribute);
        if (value !== null) reference(value);
      }
    }
    if (name === 'style') {
      const css = node.textContent ?? '';
      if (/@import/i.test(css)) refuse({ kind: 'external', what: '@import in a style' });
      const outer = outerUrl(css);
      if (outer !== null) refuse({ kind: 'external', what: outer });
    }
  });
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue.trim();
    if (name.startsWith('on')) refuse({ kind: 'script', what: `the ${name} attribute` });
    else if (/^javascript:/i.test(value)) refuse({ kind: 'script', what: 'a javascript: link' });
    else if (REFERENCING.has(name)) reference(value);
    else {
      const outer = outerUrl(value);
      if (outer !== null) refuse({ kind: 'external', what: outer });
    }
  });
  try {
    const body = purify.sanitize(text, { USE_PROFILES: { svg: true, svgFilters: true }, RETURN_DOM: true });
    if (refusal) return { refused: refusal };
    const root = body.querySelector('svg');
    if (!root) return { refused: { kind: 'script', what: 'no <svg> element' } };
    root.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    return { svg: new window.XMLSerializer().serializeToString(root) };
  } finally {
    purify.removeAllHooks();
  }
}
