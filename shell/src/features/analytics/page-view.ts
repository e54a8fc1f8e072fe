/** One location the visitor arrived at: sent once to each tracking script. */
export interface PageView {
  /** The full URL, origin included. */
  url: string;
  pathname: string;
}

export interface PageTracker {
  trackPage(view: PageView): void;
}
