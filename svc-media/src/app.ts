import path from 'node:path';
import type { Connection } from 'mongoose';
import { Broker, createApp, createResolver, isDatabaseConnected, Outbox, type Logger, type Resolve } from '@mealprep/service-kit';
import { bannerImageRepository } from './data-access/banner-image-repository';
import { imageFileStore } from './data-access/image-file-store';
import { mediaRepository } from './data-access/media-repository';
import { photoRepository } from './data-access/photo-repository';
import { photoReportRepository } from './data-access/photo-report-repository';
import { serviceDirectoryRepository } from './data-access/service-directory-repository';
import { seedMarkerRepository } from './data-access/seed-marker-repository';
import { storedImageRepository } from './data-access/stored-image-repository';
import { uploadQuotaRepository } from './data-access/upload-quota-repository';
import { bannersRouter } from './entry-points/http/banners-router';
import { imagesRouter } from './entry-points/http/images-router';
import { uploadsRouter } from './entry-points/http/uploads-router';
import { adminMediaRouter } from './entry-points/http/admin-media-router';
import { adminBannersRouter } from './entry-points/http/admin-banners-router';
import { internalRouter } from './entry-points/http/internal-router';
import { photosRouter } from './entry-points/http/photos-router';
import { brandImagesRouter } from './entry-points/http/brand-images-router';
import { fetchPublic } from './data-access/public-image-fetch';
import { stockPhotoApi } from './data-access/stock-photo-api';
import { UploadGate, type UploadGateOptions } from './domain/upload-gate';

export interface MediaDeps {
  logger: Logger;
  connection: Connection;
  broker: Broker;
  /** The service's outbox; one of the app's own when not given. */
  outbox?: Outbox;
  identitySecret: string;
  /** Folder the image files live in; the server passes `${DATA_DIR}/media`. */
  mediaDir?: string;
  /** IMAGE_CDN_URL: the image CDN that serves media with an imageKitId. */
  cdnUrl?: string;
  stockPhotos?: { apiUrl: string; accessKey?: string };
  /** Hosts the image fetcher may reach although not public (tests' local fakes). */
  fetchAllowHosts?: readonly string[];
  /** How the image fetcher finds a host's addresses: DNS unless given (IMAGE_FETCH_HOSTS). */
  fetchResolve?: Resolve;
  /** How image processing is shared between users; the defaults unless given (tests). */
  uploadGate?: UploadGateOptions;
  now?: () => Date;
  exposeStack?: boolean;
}

/** Matches the DATA_DIR default, for callers (such as the readiness test) that serve no files. */
const DEFAULT_MEDIA_DIR = path.join('data', 'media');

/** Banners write the events of their changes through the outbox, in the same write. */
export function mediaRepositories(connection: Connection, outbox: Outbox, mediaDir: string = DEFAULT_MEDIA_DIR) {
  return {
    banners: bannerImageRepository(connection, outbox),
    media: mediaRepository(connection),
    images: storedImageRepository(connection),
    markers: seedMarkerRepository(connection),
    directory: serviceDirectoryRepository(connection),
    quotas: uploadQuotaRepository(connection),
    photos: photoRepository(connection, outbox),
    reports: photoReportRepository(connection),
    files: imageFileStore(mediaDir),
  };
}

export function createMediaApp(deps: MediaDeps) {
  const outbox = deps.outbox ?? new Outbox(deps);
  const repositories = mediaRepositories(deps.connection, outbox, deps.mediaDir);
  // One per instance: uploads and banner fetches take their turns in it.
  const gate = new UploadGate(deps.uploadGate);
  return createApp({
    name: 'svc-media',
    broker: deps.broker,
    outbox,
    logger: deps.logger,
    identitySecret: deps.identitySecret,
    exposeStack: deps.exposeStack,
    readiness: () => ({ database: isDatabaseConnected(deps.connection), broker: deps.broker.isConnected() }),
    mount: (app) => {
      const fetchResolve = deps.fetchResolve ?? createResolver(null);
      app.use(bannersRouter(repositories));
      app.use(imagesRouter(repositories));
      app.use(uploadsRouter({ ...repositories, gate, now: deps.now }));
      app.use(photosRouter({ ...repositories, gate, now: deps.now, secret: deps.identitySecret, events: outbox }));
      app.use(brandImagesRouter({ ...repositories, gate }));
      app.use(adminMediaRouter({ ...repositories, cdnUrl: deps.cdnUrl }));
      app.use(
        adminBannersRouter({
          ...repositories,
          stock: stockPhotoApi(deps.stockPhotos ?? { apiUrl: 'https://api.unsplash.com' }),
          fetchImage: (url, maxBytes) => fetchPublic(url, { allowHosts: deps.fetchAllowHosts ?? [], resolve: fetchResolve, maxBytes }),
          events: outbox,
          gate,
        }),
      );
      app.use(internalRouter({ media: repositories.media, secret: deps.identitySecret }));
    },
  });
}
