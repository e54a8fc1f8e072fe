import fc from 'fast-check';
import { photoIdFromUrl } from './stock-photos';

describe("the photo id of a stock photo page's URL", () => {
  it('a photo page URL names its photo: the id after the last dash, with or without words, slash, query or fragment', () => {
    expect(photoIdFromUrl('https://unsplash.com/photos/a-bowl-of-green-salad-Xy12ab_9Q')).toBe('Xy12ab_9Q');
    expect(photoIdFromUrl('https://unsplash.com/photos/Xy12ab9Qz')).toBe('Xy12ab9Qz');
    expect(photoIdFromUrl('https://unsplash.com/photos/Xy12ab9Qz/')).toBe('Xy12ab9Qz');
    expect(photoIdFromUrl('http://unsplash.com/photos/salad-Xy12ab9Qz?utm_source=share#top')).toBe('Xy12ab9Qz');
  });

  it('other pages, ids too short or too long, other schemes and text that is no URL name no photo', () => {
    for (const url of [
      'https://unsplash.com/@jolens',
      'https://unsplash.com/photos/Xy12ab9Qz/download',
      'https://unsplash.com/photos/salad-abc',
      `https://unsplash.com/photos/${'a'.repeat(21)}`,
      'javascript:alert(1)//photos/Xy12ab9Qz',
      'data:text/html,/photos/Xy12ab9Qz',
      'photos/Xy12ab9Qz',
      '',
    ])
      expect(photoIdFromUrl(url), url).toBeNull();
  });

  it('whatever text is given, it never throws, and an id it finds is only letters, digits and underscores', () => {
    fc.assert(
      fc.property(fc.constantFrom('', 'https://unsplash.com/photos/', 'https://unsplash.com/photos/salad-', 'ftp://unsplash.com/photos/', 'https://[::1]/photos/'), fc.string(), (prefix, rest) => {
        const url = prefix + rest;
        const id = photoIdFromUrl(url);
        if (id !== null) expect(id).toMatch(/^[A-Za-z0-9_]{6,20}$/);
      }),
      { numRuns: 1_000 },
    );
  });
});
