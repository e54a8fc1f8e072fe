import { ConfigError } from '@mealprep/service-kit';
import { describe, expect, it } from 'vitest';
import { loadMediaConfig, mediaDirOf } from '../src/config';

const required = { MONGODB_URI: 'mongodb://127.0.0.1:27017', IDENTITY_SECRET: 'x'.repeat(32) };

describe('media settings', () => {
  it('when SEED_DEMO_DATA is not set or empty, then demo media is not seeded', () => {
    expect(loadMediaConfig(required).SEED_DEMO_DATA).toBe(false);
    expect(loadMediaConfig({ ...required, SEED_DEMO_DATA: '' }).SEED_DEMO_DATA).toBe(false);
  });

  it("when SEED_DEMO_DATA is 'true' or 'false', then it is read as that", () => {
    expect(loadMediaConfig({ ...required, SEED_DEMO_DATA: 'true' }).SEED_DEMO_DATA).toBe(true);
    expect(loadMediaConfig({ ...required, SEED_DEMO_DATA: 'false' }).SEED_DEMO_DATA).toBe(false);
  });

  it('when SEED_DEMO_DATA is anything else, then start-up fails naming the setting', () => {
    expect(() => loadMediaConfig({ ...required, SEED_DEMO_DATA: 'yes' })).toThrow(ConfigError);
    expect(() => loadMediaConfig({ ...required, SEED_DEMO_DATA: 'yes' })).toThrow("Invalid setting SEED_DEMO_DATA: must be 'true' or 'false' (got \"yes\")");
  });

  it('when DATA_DIR is set, then image files go under its media folder', () => {
    expect(mediaDirOf(loadMediaConfig({ ...required, DATA_DIR: '/srv/data' }))).toBe('/srv/data/media');
  });

  it('when IMAGE_FETCH_HOSTS is not set, then the image fetcher asks DNS; when it is, names resolve from its table; a bad table stops start-up', () => {
    expect(loadMediaConfig(required).IMAGE_FETCH_HOSTS).toBeNull();
    expect(loadMediaConfig({ ...required, IMAGE_FETCH_HOSTS: 'Photos.test=127.0.0.1, *.cdn.test=::1' }).IMAGE_FETCH_HOSTS).toEqual([
      ['photos.test', '127.0.0.1'],
      ['*.cdn.test', '::1'],
    ]);
    expect(() => loadMediaConfig({ ...required, IMAGE_FETCH_HOSTS: 'photos.test=not-an-address' })).toThrow(
      'Invalid setting IMAGE_FETCH_HOSTS: must be name=address pairs, comma separated (got "photos.test=not-an-address")',
    );
  });
});
