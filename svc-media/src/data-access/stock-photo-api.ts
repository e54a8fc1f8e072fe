import type { StockPhoto } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import { request } from 'undici';
import { NOT_CONFIGURED, STOCK_PAGE_SIZE, type StockPhotos } from '../domain/stock-photos';

/**
 * The stock-photo service (Unsplash's API shape), configured by an access key and a base URL;
 * tests point the base URL at a local fake.
 */
export function stockPhotoApi(options: { apiUrl: string; accessKey?: string }): StockPhotos {
  const base = options.apiUrl.replace(/\/+$/, '');

  async function get(path: string): Promise<unknown> {
    if (!options.accessKey) throw new AppError('not_configured', NOT_CONFIGURED, { status: 503 });
    let answer;
    try {
      answer = await request(`${base}${path}`, {
        headers: { authorization: `Client-ID ${options.accessKey}`, 'accept-version': 'v1', accept: 'application/json' },
        headersTimeout: 10_000,
        bodyTimeout: 10_000,
      });
    } catch {
      throw new AppError('stock_unavailable', 'The stock-photo service could not be reached.', { status: 502 });
    }
    if (answer.statusCode === 404) {
      await answer.body.dump();
      throw AppError.notFound('There is no such photo.');
    }
    if (answer.statusCode !== 200) {
      await answer.body.dump();
      throw new AppError('stock_unavailable', `The stock-photo service answered ${answer.statusCode}.`, { status: 502 });
    }
    return answer.body.json();
  }

  const toPhoto = (raw: unknown): StockPhoto | null => {
    const p = raw as { id?: unknown; urls?: { regular?: unknown; small?: unknown }; alt_description?: unknown; description?: unknown; user?: { name?: unknown; username?: unknown } };
    if (typeof p?.id !== 'string' || typeof p.urls?.regular !== 'string' || typeof p.urls.small !== 'string') return null;
    return {
      id: p.id,
      urls: { regular: p.urls.regular, small: p.urls.small },
      alt_description: typeof p.alt_description === 'string' ? p.alt_description : typeof p.description === 'string' ? p.description : '',
      user: { name: typeof p.user?.name === 'string' ? p.user.name : '', username: typeof p.user?.username === 'string' ? p.user.username : '' },
    };
  };

  return {
    configured: Boolean(options.accessKey),
    /** unsplash.getImages: 20 a page, and whether there are more. */
    async search(query: string, page: number): Promise<{ images: StockPhoto[]; hasMore: boolean }> {
      const body = (await get(`/search/photos?${new URLSearchParams({ query, page: String(page), per_page: String(STOCK_PAGE_SIZE) }).toString()}`)) as { results?: unknown[]; total_pages?: unknown };
      const images = (body.results ?? []).map(toPhoto).filter((p): p is StockPhoto => p !== null);
      return { images, hasMore: typeof body.total_pages === 'number' && page < body.total_pages };
    },
    async byId(id: string): Promise<StockPhoto> {
      const photo = toPhoto(await get(`/photos/${encodeURIComponent(id)}`));
      if (!photo) throw new AppError('stock_unavailable', 'The stock-photo service sent an unexpected answer.', { status: 502 });
      return photo;
    },
  };
}
