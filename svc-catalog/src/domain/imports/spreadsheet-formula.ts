/**
 * Whether a cell of an imported file would run as a formula when the data is opened in a
 * spreadsheet (formula injection, "CSV injection"): one that starts, after any spaces, tabs or
 * carriage returns (which spreadsheets skip, and which the import trims), with `=` or `@`, or
 * with `+` or `-` followed by anything but a plain number (`-2+3+cmd|' /C calc'!A0` runs as
 * much as `=cmd|…` does). Full-width signs count as the signs they stand for. Kept as text: a
 * longitude like `-97.74`, a lone dash, and a dash, a space and words (a list's bullet,
 * `- fresh every week`) unless those words can call something: a function `(`, another program
 * `|` or another sheet or file `!`.
 */
export function looksLikeFormula(value: string): boolean {
  const text = value.normalize('NFKC').trim();
  const first = text.charAt(0);
  if (first === '=' || first === '@') return true;
  if (first !== '+' && first !== '-') return false;
  const rest = text.slice(1);
  if (rest === '' || PLAIN_NUMBER.test(rest)) return false;
  if (first === '-' && /^\s/.test(rest)) return CALLS.test(rest);
  return true;
}

/** Digits, with a decimal part or without. */
const PLAIN_NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)$/;
/** What lets a formula reach beyond its own arithmetic: a call, another program (DDE), another sheet or file. */
const CALLS = /[(|!]/;
