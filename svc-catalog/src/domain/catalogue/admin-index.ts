import type { AdminServiceList, AdminServiceQuery, AdminServiceRow } from '@mealprep/contracts';
import type { StoredService } from '../../data-access/service-mapping';
import { normalize, sortedPlace } from './public-index';

interface Entry {
  row: AdminServiceRow;
  createdAt: number;
  featuredUntil: number | null;
  /** Name, slug and description, lowercased, for the admin search. */
  searchText: string;
  /** What a possible duplicate is recognised by: the website's host (no www), the name and the cities, lowercased. */
  websiteHost: string | null;
  nameKey: string;
  cities: string[];
}

/** A website's host, lowercased and without www (what two listings of one business share); "kitchen.com/menu" is read as https. */
export function websiteHost(website: string): string | null {
  if (!website) return null;
  try {
    return new URL(website.includes('://') ? website : `https://${website}`).hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

/** Newest first; ids (unique) settle ties, so every entry has one place. */
const newestFirst = (a: Entry, b: Entry) => b.createdAt - a.createdAt || (a.row.id < b.row.id ? 1 : a.row.id > b.row.id ? -1 : 0);

function toEntry(s: StoredService): Entry {
  return {
    row: { id: s.id, name: s.name, slug: s.slug, status: s.status, featuredUntil: s.featuredUntil, mealTypes: s.mealTypes, createdAt: s.createdAt, ownerUserId: s.ownerUserId },
    createdAt: Date.parse(s.createdAt),
    featuredUntil: s.featuredUntil ? Date.parse(s.featuredUntil) : null,
    searchText: normalize(`${s.name}\n${s.slug}\n${s.description}`),
    websiteHost: websiteHost(s.contact.website),
    nameKey: s.name.toLowerCase(),
    cities: s.locations.map((l) => l.address.city.toLowerCase()).filter(Boolean),
  };
}

/**
 * Every service, whatever its status, newest first, held in memory beside the public index and
 * kept with it: the admin table filters 20,000 services without a database round trip.
 */
export class AdminIndex {
  private entries: Entry[] = [];
  private byId = new Map<string, Entry>();
  private bySlug = new Map<string, Entry>();

  get size(): number {
    return this.entries.length;
  }

  /** Whether another service has this slug (the database's unique index has the last word). */
  slugTaken(slug: string, exceptId?: string): boolean {
    const entry = this.bySlug.get(slug);
    return entry !== undefined && entry.row.id !== exceptId;
  }

  /** services.myServices: what a user owns, oldest first (the first is the one "Edit My Service" opens). */
  ownedBy(userId: string): AdminServiceRow[] {
    return this.entries
      .filter((e) => e.row.ownerUserId === userId)
      .reverse()
      .map((e) => e.row);
  }

  /** Services that may be the same business: same website host, or same name in the same city. */
  possibleDuplicates(probe: { websiteHost: string | null; name: string; city: string | null }, limit = 5): Array<{ id: string; name: string; slug: string; reason: string }> {
    const name = probe.name.toLowerCase();
    const city = probe.city?.toLowerCase() ?? null;
    const found: Array<{ id: string; name: string; slug: string; reason: string }> = [];
    for (const e of this.entries) {
      if (found.length >= limit) break;
      const reason =
        probe.websiteHost && e.websiteHost === probe.websiteHost ? `same website (${probe.websiteHost})` : city && e.nameKey === name && e.cities.includes(city) ? `same name in ${probe.city}` : null;
      if (reason) found.push({ id: e.row.id, name: e.row.name, slug: e.row.slug, reason });
    }
    return found;
  }

  rebuild(services: StoredService[]): void {
    this.entries = services.map(toEntry).sort(newestFirst);
    this.byId = new Map(this.entries.map((e) => [e.row.id, e]));
    this.bySlug = new Map(this.entries.map((e) => [e.row.slug, e]));
  }

  /** A service was added or changed: its row is put in its place. */
  upsert(service: StoredService): void {
    this.remove(service.id);
    const entry = toEntry(service);
    this.entries.splice(sortedPlace(this.entries, entry, newestFirst), 0, entry);
    this.byId.set(service.id, entry);
    this.bySlug.set(service.slug, entry);
  }

  /** A service's row by id; null when there is none. */
  row(id: string): AdminServiceRow | null {
    return this.byId.get(id)?.row ?? null;
  }

  remove(id: string): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    const at = sortedPlace(this.entries, entry, newestFirst);
    this.entries.splice(this.entries[at] === entry ? at : this.entries.indexOf(entry), 1);
    this.byId.delete(id);
    if (this.bySlug.get(entry.row.slug) === entry) this.bySlug.delete(entry.row.slug);
  }

  query(query: AdminServiceQuery, now: number): AdminServiceList {
    const words = query.q ? normalize(query.q).split(/\s+/).filter(Boolean) : [];
    const matches = this.entries.filter((entry) => {
      if (query.status && entry.row.status !== query.status) return false;
      if (query.featured !== undefined) {
        const featured = entry.row.status === 'published' && entry.featuredUntil !== null && entry.featuredUntil >= now;
        if (featured !== query.featured) return false;
      }
      if (query.mealType && !entry.row.mealTypes.includes(query.mealType)) return false;
      return words.every((word) => entry.searchText.includes(word));
    });
    const pageCount = Math.ceil(matches.length / query.pageSize);
    const start = (query.page - 1) * query.pageSize;
    return {
      items: matches.slice(start, start + query.pageSize).map((e) => e.row),
      total: matches.length,
      page: query.page,
      pageSize: query.pageSize,
      pageCount,
    };
  }
}
