import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// A screen's lazily loaded parts may take more than testing-library's 1 s default to come in when
// three test files share two busy cores: findBy… waits up to 5 s (a screen that never shows still fails).
configure({ asyncUtilTimeout: 5_000 });

// jsdom implements neither; components call them on every route change and theme read.
if (typeof window !== 'undefined') {
  window.scrollTo = () => {};
  if (!window.matchMedia) {
    window.matchMedia = (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    });
  }
}
