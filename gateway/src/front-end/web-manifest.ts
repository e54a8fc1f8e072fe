import { Router } from 'express';
import { brandImagePath, DEFAULT_PAGE_DESCRIPTION, WEB_MANIFEST_PATH, type RuntimeConfig } from '@mealprep/contracts';

/** The web manifest of the published brand: its names, colour and the icon's two largest sizes (a phone's home screen and splash). */
export function webManifestOf(config: RuntimeConfig) {
  const { brand } = config;
  const icon = brand.images.icon;
  return {
    name: config.siteName,
    short_name: brand.shortName,
    description: brand.tagline || DEFAULT_PAGE_DESCRIPTION,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    ...(brand.colours.primary ? { theme_color: brand.colours.primary } : {}),
    icons: icon ? [192, 512].map((size) => ({ src: brandImagePath(icon, size), sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })) : [],
  };
}

/** `/manifest.webmanifest`, written from the brand as it is now (a browser checks it again each time: no-cache, with its ETag). */
export function webManifest(runtimeConfig: () => Promise<RuntimeConfig>): Router {
  const router = Router();
  router.get(WEB_MANIFEST_PATH, async (_req, res) => {
    const manifest = webManifestOf(await runtimeConfig());
    res.set({ 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': 'no-cache' });
    res.send(JSON.stringify(manifest));
  });
  return router;
}
