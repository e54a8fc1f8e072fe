// No zod here: the browser imports these through '@mealprep/contracts/browser'. Kept apart from
// the offer's labels (offer-constants.ts): every page's structured data formats prices, and the
// bundler kept the labels with them when they shared a module.

/** "$9.50": a price per meal as pages show it (whole dollars without cents). */
export function formatUsd(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}

/** "$9–$14", or "$12" when both ends are the same. */
export function formatPriceRange(price: { low: number; high: number }): string {
  return price.low === price.high ? formatUsd(price.low) : `${formatUsd(price.low)}–${formatUsd(price.high)}`;
}
