import { Tokenizer } from 'htmlparser2';

/** Elements whose content a visitor does not see as text. */
const HIDDEN = new Set(['script', 'style', 'noscript', 'template']);
/** Elements that show something although the page has no text. */
const MEDIA = new Set(['img', 'video', 'iframe', 'canvas', 'svg', 'object', 'embed']);

export interface PageReading {
  /** The text a visitor would see, white space collapsed: no scripts, styles or tags. */
  text: string;
  /** The page has a picture, video, frame or drawing. */
  hasMedia: boolean;
}

/**
 * Reads a page the way a visitor sees it, in one pass over the markup whatever it holds.
 * htmlparser2's tokenizer is a linear state machine; its Parser is not used on purpose: it keeps
 * open elements in an array it unshifts and searches, so a page of 200,000 nested tags took
 * seconds. Hidden elements are counted per name instead of kept on a stack.
 */
export function readPage(html: string): PageReading {
  const pieces: string[] = [];
  const hiddenOpen = new Map<string, number>();
  let hidden = 0;
  let hasMedia = false;
  const name = (start: number, end: number) => html.slice(start, end).toLowerCase();
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      ontext(start, end) {
        if (hidden === 0) pieces.push(html.slice(start, end));
      },
      ontextentity(codepoint) {
        if (hidden === 0) pieces.push(String.fromCodePoint(codepoint));
      },
      onopentagname(start, end) {
        const tagName = name(start, end);
        if (MEDIA.has(tagName)) hasMedia = true;
        if (HIDDEN.has(tagName)) {
          hiddenOpen.set(tagName, (hiddenOpen.get(tagName) ?? 0) + 1);
          hidden += 1;
        }
        // A tag separates words, as a visitor sees it.
        pieces.push(' ');
      },
      onclosetag(start, end) {
        const closed = name(start, end);
        const open = hiddenOpen.get(closed) ?? 0;
        if (open > 0) {
          hiddenOpen.set(closed, open - 1);
          hidden -= 1;
        }
        pieces.push(' ');
      },
      // In HTML a slash does not close <script/> or <noscript/>: their content follows, as the tokenizer reads it.
      onselfclosingtag() {},
      onopentagend() {},
      onattribname() {},
      onattribdata() {},
      onattribentity() {},
      onattribend() {},
      oncdata() {},
      oncomment() {},
      ondeclaration() {},
      onprocessinginstruction() {},
      onend() {},
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  return { text: pieces.join('').replace(/\s+/g, ' ').trim(), hasMedia };
}
