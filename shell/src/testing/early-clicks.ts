import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const html = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../index.html'), 'utf8');

/** The page's inline script that keeps clicks made before hydration, as shell/src/index.html has it. */
export const EARLY_CLICK_SCRIPT = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '').find((script) => script.includes('__earlyClicks')) ?? '';

/** For tests: runs the page's early-click script in this document; the returned function removes it. */
export function runEarlyClickScript(): () => void {
  if (!EARLY_CLICK_SCRIPT) throw new Error('shell/src/index.html has no early-click script.');
  const added: [string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined][] = [];
  const add = document.addEventListener.bind(document);
  document.addEventListener = (type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
    added.push([type, listener, options]);
    add(type, listener, options);
  };
  try {
    new Function(EARLY_CLICK_SCRIPT)();
  } finally {
    document.addEventListener = add;
  }
  return () => {
    for (const [type, listener, options] of added) document.removeEventListener(type, listener, options);
    delete window.__earlyClicks;
  };
}
