import type { AdminMediaItem, AdminMediaQuery } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import type { MediaRepository } from '../data-access/media-repository';
import type { ServiceDirectoryRepository } from '../data-access/service-directory-repository';

export interface AdminMediaDeps {
  media: MediaRepository;
  directory: ServiceDirectoryRepository;
  /** IMAGE_CDN_URL: items with an imageKitId are shown from there. */
  cdnUrl?: string;
  now?: () => Date;
}

const normalize = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');

/** media.adminList: searched over service name, alt text, entity id, country and URL; newest first. */
export async function listMedia(deps: AdminMediaDeps, query: AdminMediaQuery): Promise<{ items: AdminMediaItem[] }> {
  const [items, directory] = await Promise.all([deps.media.list(), deps.directory.all()]);
  const now = (deps.now?.() ?? new Date()).getTime();
  const words = query.q ? normalize(query.q).split(/\s+/).filter(Boolean) : [];
  const rows = items
    .filter((m) => query.includeDeleted || m.deletedAt === null)
    .map((m): AdminMediaItem => {
      const service = m.associatedEntityId ? directory.get(m.associatedEntityId) : undefined;
      return {
        id: m.id,
        url: m.imageKitId && deps.cdnUrl ? `${deps.cdnUrl.replace(/\/+$/, '')}/${encodeURIComponent(m.imageKitId)}` : m.url,
        altText: m.altText,
        associatedEntityId: m.associatedEntityId,
        serviceName: service?.name || null,
        featured: Boolean(service && service.status === 'published' && service.featuredUntil && Date.parse(service.featuredUntil) >= now),
        countryCode: m.countryCode,
        createdAt: m.createdAt,
        deletedAt: m.deletedAt,
      };
    })
    .filter((row) => !query.featuredOnly || row.featured)
    .filter((row) => {
      if (words.length === 0) return true;
      const text = normalize([row.serviceName ?? '', row.altText, row.associatedEntityId ?? '', row.countryCode, row.url].join('\n'));
      return words.every((word) => text.includes(word));
    })
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  return { items: rows };
}

export async function updateAltText(deps: AdminMediaDeps, id: string, altText: string): Promise<void> {
  if (!(await deps.media.setAltText(id, altText))) throw AppError.notFound('There is no such media item.');
}

export async function softDelete(deps: AdminMediaDeps, ids: readonly string[]): Promise<{ deleted: number }> {
  const known = await deps.media.existing(ids);
  if (known.length !== ids.length) throw AppError.notFound(`${ids.length - known.length} of the selected media items do not exist. Nothing was changed.`);
  return { deleted: await deps.media.setDeleted(ids, deps.now?.() ?? new Date()) };
}

export async function restore(deps: AdminMediaDeps, id: string): Promise<void> {
  if (!(await deps.media.setDeleted([id], null))) throw AppError.notFound('There is no deleted media item with that id.');
}
