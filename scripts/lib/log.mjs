/** One line per step, prefixed, so set-up output reads as a list. */
export function say(message) {
  process.stdout.write(`[mealprep] ${message}\n`);
}

export function fail(message) {
  process.stderr.write(`[mealprep] ${message}\n`);
  process.exit(1);
}
