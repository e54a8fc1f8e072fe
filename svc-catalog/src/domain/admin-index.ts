import type { AdminServiceList, AdminServiceQuery, AdminServiceRow } from '@mealprep/contracts';
import type { StoredService } from '../data-access/service-repository';
import { normalize, sortedPlace } from './public-index';

interface Entry {
  row: AdminServiceRow;
  createdAt: number;
  featuredUntil: number | null;
  /** Name, slug and description, lowercased, for the admin search. */
  searchText: string;
}


/** Newest first; ids (unique) settle ties, so every entry has one place. */
const newestFirst = (a: Entry, b: Entry) => b.createdAt - a.createdAt || (a.row.id < b.row.id ? 1 : a.row.id > b.row.id ? -1 : 0);

function toEntry(s: StoredService): Entry {
  return {
    row: { id: s.id, name: s.name, slug: s.slug, status: s.status, featuredUntil: s.featuredUntil, mealTypes: s.mealTypes, createdAt: s.createdAt, ownerUserId: s.ownerUserId },
    createdAt: Date.parse(s.createdAt),
    featuredUntil: s.featuredUntil ? Date.parse(s.featuredUntil) : null,
    searchText: normalize(`${s.name}\n${s.slug}\n${s.description}`),
  };
}

/**
 * Every service, whatever its status, newest first, held in memory beside the public index and
 * kept with it: the admin table filters 20,000 services without a database round trip.
 */
export class AdminIndex {
  private entries: Entry[] = [];
  private byId = new Map<string, Entry>();

  get size(): number {
    return this.entries.length;
  }

  rebuild(services: StoredService[]): void {
    this.entries = services.map(toEntry).sort(newestFirst);
    this.byId = new Map(this.entries.map((e) => [e.row.id, e]));
  }

  /** A service was added or changed: its row is put in its place. */
  upsert(service: StoredService): void {
    this.remove(service.id);
    const entry = toEntry(service);
    this.entries.splice(sortedPlace(this.entries, entry, newestFirst), 0, entry);
    this.byId.set(service.id, entry);
  }

  remove(id: string): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    const at = sortedPlace(this.entries, entry, newestFirst);
    this.entries.splice(this.entries[at] === entry ? at : this.entries.indexOf(entry), 1);
    this.byId.delete(id);
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
