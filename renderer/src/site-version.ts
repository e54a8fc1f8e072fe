import { retryUntilSuccess, type Backoff, type Logger } from '@mealprep/service-kit';
import { SiteVersionSchema } from '@mealprep/contracts';

export interface SiteParts {
  /** The shell's page and the runtime config: dropped, they are read again by the next render (as of `site`, the site part now named). */
  dropSite(site: string): void;
  /** The public remote's release in use (null before the first load). */
  readonly release: string | null;
  /** Reads release.json and loads the release it names when it is another one. */
  loadRelease(): Promise<unknown>;
}

/**
 * Follows the site's version as the gateway names it with each page: what changed is loaded again
 * (the shell's page and the runtime config when the site part changed; the release when another
 * is named), with nothing re-read on a timer. A release that fails to load is tried again with
 * back-off until it loads or another is named; renders go on with the one in use meanwhile.
 */
export function siteVersionFollower(parts: SiteParts, logger: Logger, backoff?: Backoff): (header: string | undefined) => void {
  let site: string | null = null;
  let following: { release: string; stop: AbortController } | null = null;
  const follow = (release: string) => {
    if (release === 'none' || release === parts.release || following?.release === release) return;
    following?.stop.abort();
    const current = { release, stop: new AbortController() };
    following = current;
    retryUntilSuccess(() => parts.loadRelease(), {
      backoff,
      signal: current.stop.signal,
      onFailedAttempt: (err) => logger.warn({ err, release }, 'the release the gateway names could not be loaded; trying again'),
    })
      .catch(() => undefined)
      .finally(() => {
        if (following === current) following = null;
      });
  };
  return (header) => {
    const named = SiteVersionSchema.safeParse(header);
    if (!named.success) return;
    const [namedSite, release] = named.data.split('.') as [string, string];
    if (site !== null && namedSite !== site) {
      parts.dropSite(namedSite);
      // The runtime config may point elsewhere: the release is read again too.
      following?.stop.abort();
      following = null;
      void parts.loadRelease().catch(() => undefined);
    }
    site = namedSite;
    follow(release);
  };
}
