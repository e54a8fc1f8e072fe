import { createRequire } from 'node:module';
import vm from 'node:vm';

/**
 * The modules a server build (the shell's, a remote release's) takes from this process: the
 * singletons the browser shares too (packages/build-config SERVER_SINGLETONS), so a render has one
 * React, one router and one QueryClient. They are the very instances this process's own code
 * imports: React's packages are CommonJS only, and the others are taken as ES modules (a package
 * with both builds would otherwise be loaded twice, and its contexts would not match). Nothing
 * else may be required: the code of a build gets no file system, no network module.
 */
const require = createRequire(import.meta.url);
const SINGLETONS: Record<string, unknown> = {
  ...Object.fromEntries(['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'react-dom/server'].map((id) => [id, require(id)])),
  '@mealprep/router': await import('@mealprep/router'),
  '@mealprep/router/server': await import('@mealprep/router/server'),
  zustand: await import('zustand'),
  '@mealprep/query': await import('@mealprep/query'),
  '@mealprep/query/server': await import('@mealprep/query/server'),
};

/** Runs a server build's code (one CommonJS file, fetched from the gateway) and gives its exports. */
export function evaluateServerBuild(code: string, filename: string): Record<string, unknown> {
  const wrapper = vm.runInThisContext(`(function (exports, require, module) {${code}\n})`, { filename }) as (exports: object, require: (id: string) => unknown, module: { exports: object }) => void;
  const module = { exports: {} as object };
  wrapper(
    module.exports,
    (id: string) => {
      if (!Object.hasOwn(SINGLETONS, id)) throw new Error(`A server build may not require "${id}".`);
      return SINGLETONS[id];
    },
    module,
  );
  return module.exports as Record<string, unknown>;
}
