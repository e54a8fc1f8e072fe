import type { LiveTopic } from '@mealprep/contracts';

/** A key under a live topic: its first part is the topic, so an event naming the topic refreshes it. */
export type LiveQueryKey<T extends LiveTopic = LiveTopic> = readonly [T, ...unknown[]];

const under =
  <T extends LiveTopic>(topic: T) =>
  <R extends readonly unknown[]>(...rest: R): readonly [T, ...R] =>
    [topic, ...rest] as const;

const services = under('services');
const mealTypes = under('meal-types');
const regions = under('regions');
const articles = under('articles');
const banners = under('banners');
const leads = under('leads');

/**
 * Every cache key the shell and the remotes read, in one place: they share one QueryClient, so two
 * apps reading the same data must name it alike. Keys of catalogue data start with their live topic
 * (the shell refreshes `[topic]` when the topic changes: shell/src/features/live); the signed-in
 * person's keys start with 'auth' (dropped on signing out), the admin's checks and media with their
 * own names (asked again by the screens that change them).
 */
export const queryKeys = {
  services: {
    all: services(),
    list: (params: Record<string, string>) => services('list', params),
    /** Near-me results: under 'services', so a listing published, moved or given a new radius refreshes open results. */
    near: (params: Record<string, string>) => services('near', params),
    detail: (slug: string) => services('detail', slug),
    /** "Also near {city}" on a service's page, and the cities of a state and a city page: they follow the listings. */
    nearby: (slug: string) => services('nearby', slug),
    /** A page of a listing's published reviews: under 'services', so a review shown, changed or removed refreshes open pages. */
    reviews: (slug: string, page: number) => services('reviews', slug, page),
    /** Listings side by side (slugs in a comma list), measured from a place or not. */
    compare: (slugs: string, place: string) => services('compare', slugs, place),
    cities: (state: string) => services('cities', state),
    city: (state: string, city: string) => services('city', state, city),
    /** Counts per state move when services are published or unpublished, so they follow 'services'. */
    regionCounts: services('region-counts'),
    mine: services('mine'),
    edit: (id: string) => services('edit', id),
    admin: (params: Record<string, string>) => services('admin', params),
  },
  mealTypes: { all: mealTypes(), list: mealTypes('list'), detail: (slug: string) => mealTypes('detail', slug) },
  regions: { all: regions(), list: regions('list'), detail: (slug: string) => regions('detail', slug) },
  articles: { all: articles(), list: articles('list'), detail: (slug: string) => articles('detail', slug), admin: articles('admin') },
  banners: { all: banners(), active: banners('active'), admin: banners('admin') },
  auth: {
    all: ['auth'] as const,
    me: ['auth', 'me'] as const,
    isAdmin: ['auth', 'is-admin'] as const,
    loginLink: (selector: string, loginToken: string) => ['auth', 'login-link', selector, loginToken] as const,
  },
  /** The signed-in person's claims (under 'auth': dropped on signing out) and the admins' queue. */
  claims: {
    mine: ['auth', 'claims', 'mine'] as const,
    check: (serviceId: string) => ['auth', 'claims', 'check', serviceId] as const,
    admin: (which: 'waiting' | 'decided') => ['claims', 'admin', which] as const,
    adminAll: ['claims', 'admin'] as const,
  },
  /** The signed-in person's standing on a listing's reviews (under 'auth': dropped on signing out), and the staff's queues. */
  reviews: {
    standing: (serviceId: string, shown: string) => ['auth', 'reviews', serviceId, shown] as const,
    standingOf: (serviceId: string) => ['auth', 'reviews', serviceId] as const,
    admin: (status: string, page: number) => ['reviews', 'admin', status, page] as const,
    adminAll: ['reviews', 'admin'] as const,
  },
  /** A listing's insights and the site's: asked again when the screen opens (they change with every visit, not with catalogue events). */
  insights: {
    listing: (serviceId: string, days: number) => ['insights', 'listing', serviceId, days] as const,
    site: (days: number) => ['insights', 'site', days] as const,
  },
  /** The inbox's pages, under 'leads': a request arriving or changing refreshes them. */
  leads: { all: leads(), page: (params: Record<string, string>) => leads('page', params) },
  /** Where and how the signed-in owner's requests are mailed (under 'auth': dropped on signing out). */
  leadSettings: ['auth', 'lead-settings'] as const,
  /** A listing's quote form (its token and challenge): one per showing of the form, outside every live topic (never refreshed under the visitor). */
  leadForm: (slug: string) => ['lead-form', slug] as const,
  checks: { all: ['checks'] as const, status: ['checks', 'status'] as const, list: (filter: string) => ['checks', 'list', filter] as const, lists: ['checks', 'list'] as const },
  media: { admin: (params: Record<string, string>) => ['media', 'admin', params] as const },
  runtimeConfig: ['runtime-config'] as const,
} as const;

/** The key that an event on `topic` refreshes (with every key under it). */
export const liveTopicKey = (topic: LiveTopic): LiveQueryKey => [topic];
