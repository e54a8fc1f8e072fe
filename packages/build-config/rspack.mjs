// One rspack config for the shell and every remote, so they all share the same loaders, the same
// Module Federation settings and, above all, the same list of singletons.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import tailwindcss from '@tailwindcss/postcss';
import { variantLayer } from './postcss-variant-layer.mjs';

/** Loaded once per page whoever asks first (shareStrategy 'loaded-first'); two copies would break context. */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  // Our named subset of react-router (packages/router), not react-router itself: a shared module is
  // never tree-shaken, and all of react-router is ~65 KB gzipped where the apps use ~15.
  '@mealprep/router',
  'zustand',
  // Likewise our named subset of TanStack Query (packages/query).
  '@mealprep/query',
];
/**
 * Not singletons, shared only to avoid a second download. zod is deliberately absent: a shared
 * module is loaded whole at start. It must stay out of every first load: the public remote and the
 * shell's eager code import runtime values only from the zod-free '@mealprep/contracts/browser'; the
 * forms that check their body with a contract's schema (the owner's forms in mfe-dashboard, the
 * shell's sign-in page, a lazy route) bring zod in their own chunks.
 */
const SHARED = [];

/** Every app's entry module, relative to its folder. */
const ENTRY = './src/index.ts';

/** TypeScript and JSX of the apps' own sources, for the browser build and the server build alike. */
function sourceRule(isDev) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        target: 'es2022',
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: isDev } },
      },
    },
    type: 'javascript/auto',
  };
}

const FEDERATION_RUNTIME_PACKAGES = ['runtime-core', 'sdk', 'runtime', 'webpack-bundler-runtime', 'error-codes', 'runtime-tools'];

/** The federation runtime's ES modules, wherever it is required from (its CommonJS copies cannot be tree-shaken). */
function federationRuntimeAliases() {
  const require = createRequire(import.meta.url);
  const aliases = {};
  for (const name of FEDERATION_RUNTIME_PACKAGES) {
    let dir = path.dirname(require.resolve(`@module-federation/${name}`, { paths: [require.resolve('@module-federation/enhanced/rspack')] }));
    while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
    const pkgFile = path.join(dir, 'package.json');
    const entry = readJson(pkgFile).exports['.'];
    aliases[`@module-federation/${name}$`] = path.join(path.dirname(pkgFile), (entry.import ?? entry).default);
  }
  return aliases;
}

/**
 * react-router's production build for a production browser build: its package exports name only
 * its development build (warnings and checks on every render), expecting bundlers to pick.
 */
function productionRouterAlias() {
  const require = createRequire(import.meta.url);
  const pkgFile = require.resolve('react-router/package.json', { paths: [path.join(import.meta.dirname, '..', 'router')] });
  return { 'react-router$': path.join(path.dirname(pkgFile), 'dist', 'production', 'index.mjs') };
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The version the app declares, else (undeclared, or a workspace package's '*') the version installed for it. */
function versionFor(appDir, request) {
  const pkgName = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
  const declared = readJson(path.join(appDir, 'package.json')).dependencies?.[pkgName];
  if (declared && declared !== '*') return declared;
  const require = createRequire(path.join(appDir, 'package.json'));
  return readJson(require.resolve(`${pkgName}/package.json`)).version;
}

function sharedConfig(appDir, isHost) {
  const shared = {};
  for (const request of SINGLETONS) {
    // The shell always loads first, so its copies are the ones every page uses: bundling them into
    // its entry (eager) saves the page a round trip before anything can render.
    shared[request] = { singleton: true, requiredVersion: versionFor(appDir, request), ...(isHost ? { eager: true } : {}) };
  }
  for (const request of SHARED) {
    shared[request] = { requiredVersion: versionFor(appDir, request) };
  }
  return shared;
}

/** The file the host's build writes beside its index.html: the chunks a page loads at start, besides the entry. */
export const START_CHUNKS_FILE = 'start-chunks.json';

/**
 * Writes START_CHUNKS_FILE, learned from the build's chunk graph: under `page`, the files of the
 * chunks the entry module itself imports (its async boundary: every page loads them one step after
 * the entry, so the page names them ahead); under each name of `when`, the files of the chunks that
 * hold that module (loaded at start when a setting says so, such as the analytics).
 * `{ "page": ["/102.aba96d69.js"], "analytics": ["/54.1a4d63fb.js"] }`, paths from the site's root.
 */
class StartChunksPlugin {
  /** @param {{ entry: string; when: Record<string, string>; publicPath: string }} options absolute module paths */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StartChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'StartChunksPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const groups = compilation.chunkGroups.filter((group) => !group.isInitial());
        const filesOf = (chosen) => [...new Set(chosen.flatMap((group) => group.getFiles()))].filter((file) => /\.(?:js|css)$/.test(file)).sort();
        // A module may be concatenated into another in a production build: its own resource is inside.
        const resources = (module) => [module.resource, ...(module.modules ?? []).map((inner) => inner.resource)];
        const holds = (group, resource) => group.chunks.some((chunk) => compilation.chunkGraph.getChunkModules(chunk).some((module) => resources(module).includes(resource)));
        const startChunks = {
          page: filesOf(groups.filter((group) => group.origins.some((origin) => origin.module?.resource === this.options.entry))),
          ...Object.fromEntries(Object.entries(this.options.when).map(([setting, resource]) => [setting, filesOf(groups.filter((group) => holds(group, resource)))])),
        };
        for (const [key, files] of Object.entries(startChunks)) startChunks[key] = files.map((file) => `${this.options.publicPath}${file}`);
        compilation.emitAsset(START_CHUNKS_FILE, new rspack.sources.RawSource(`${JSON.stringify(startChunks, null, 2)}\n`));
      });
    });
  }
}

/**
 * @param {object} options
 * @param {string} options.appDir absolute folder of the app (holding package.json and src/)
 * @param {string} options.name Module Federation name, a JS identifier (e.g. 'shell', 'mfe_public')
 * @param {'host'|'remote'} options.kind
 * @param {Record<string,string>} [options.exposes] remotes only
 * @param {Record<string,string>} [options.startChunksWhen] host only: per setting, a module (relative to appDir) whose chunks a page loads at start when that setting is on (START_CHUNKS_FILE)
 * @param {number} [options.port] dev server port
 * @returns {(env?: unknown, argv?: {mode?: string}) => import('@rspack/core').Configuration}
 */
export function createRspackConfig({ appDir, name, kind, exposes = {}, startChunksWhen = {}, port = 3000 }) {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`Module Federation name "${name}" is not an identifier`);
  const isHost = kind === 'host';

  return (_env = {}, argv = {}) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const isDev = mode === 'development';
    const hash = isDev ? '' : '.[contenthash:8]';

    return {
      mode,
      context: appDir,
      target: ['web', 'es2022'],
      entry: { main: ENTRY },
      devtool: isDev ? 'cheap-module-source-map' : false,
      output: {
        // A remote's production build is staged, then published beside its earlier releases
        // (scripts/lib/release.mjs), so pages still open on an older release keep loading its files.
        path: path.join(appDir, 'dist', isHost || isDev ? '' : '.staging'),
        // The shell lives at the site root; a remote's chunks load relative to its remoteEntry.
        publicPath: isHost ? '/' : 'auto',
        uniqueName: name,
        filename: `[name]${hash}.js`,
        chunkFilename: `[name]${hash}.js`,
        cssFilename: `[name]${hash}.css`,
        cssChunkFilename: `[name]${hash}.css`,
        assetModuleFilename: `assets/[name]${hash}[ext]`,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'], alias: { ...federationRuntimeAliases(), ...(isDev ? {} : productionRouterAlias()) } },
      module: {
        rules: [
          sourceRule(isDev),
          {
            test: /\.css$/,
            type: 'css/auto',
            use: [
              {
                loader: 'postcss-loader',
                options: { postcssOptions: { plugins: [tailwindcss({ base: appDir }), variantLayer()] } },
              },
            ],
          },
          { test: /\.(svg|png|jpe?g|webp|avif|ico)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        // A remote's own page is a dev-only standalone harness (production remotes rely on the
        // shell's federation runtime); it must not pull in its own remoteEntry.
        ...(isHost || isDev ? [new rspack.HtmlRspackPlugin({ template: path.join(appDir, 'src/index.html'), chunks: ['main'], minify: false })] : []),
        new ModuleFederationPlugin({
          name,
          ...(isHost
            ? { remotes: {} } // registered at run time from the runtime config
            : { filename: 'remoteEntry.js', exposes, manifest: true }),
          shared: sharedConfig(appDir, isHost),
          shareStrategy: 'loaded-first',
          dts: false,
          // One copy of the federation runtime per page: the shell provides it and production
          // remotes use it (remoteEntry.js drops from ~34 to ~17 KB gzipped). A remote's dev server keeps its own
          // copy so it can still run standalone.
          experiments: {
            ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: !isDev }),
            // Browser-only builds: drops the runtime's Node script loading. (The snapshot plugin
            // stays: the shell registers remotes by their mf-manifest.json.)
            optimization: { target: 'web' },
          },
        }),
        // A script a page loads runs most of its functions while the page hydrates (React DOM,
        // the federation runtime, the page's own components): V8 is told to compile all of a
        // file's functions while it streams it, off the main thread, instead of one by one on the
        // main thread when each is first called (explicit compile hints; other engines ignore the
        // comment). After minifying, which would drop it.
        ...(isDev ? [] : [new rspack.BannerPlugin({ banner: '//# allFunctionsCalledOnLoad', raw: true, include: /\.js$/, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 })]),
        ...(isHost
          ? [
              new StartChunksPlugin({
                entry: path.join(appDir, ENTRY),
                when: Object.fromEntries(Object.entries(startChunksWhen).map(([setting, file]) => [setting, path.join(appDir, file)])),
                publicPath: '/',
              }),
            ]
          : []),
      ],
      optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: true,
        headers: isHost ? {} : { 'Access-Control-Allow-Origin': '*' },
      },
      stats: 'errors-warnings',
    };
  };
}

/**
 * The modules a remote's server build takes from the renderer that loads it, never bundles: the
 * same singletons the browser shares, so one React, one router and one QueryClient serve a render.
 */
export const SERVER_SINGLETONS = [...SINGLETONS, 'react-dom/server', '@mealprep/router/server', '@mealprep/query/server'];

/**
 * A remote's server build: one CommonJS file (no lazily loaded chunks) that the renderer fetches
 * and evaluates, with the singletons required from the renderer and stylesheets left out.
 * @param {object} options
 * @param {string} options.appDir absolute folder of the app
 * @param {string} options.name the app's Module Federation name
 * @param {string} options.entry the server entry, relative to appDir
 */
export function createServerRspackConfig({ appDir, name, entry }) {
  const require = createRequire(import.meta.url);
  return (_env = {}, argv = {}) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    return {
      mode,
      context: appDir,
      target: 'node20',
      entry: { server: entry },
      devtool: false,
      output: {
        path: path.join(appDir, 'dist', '.staging-server'),
        filename: '[name].[contenthash:8].cjs',
        library: { type: 'commonjs2' },
        uniqueName: `${name}_server`,
        asyncChunks: false,
        clean: true,
      },
      externals: Object.fromEntries(SERVER_SINGLETONS.map((request) => [request, `commonjs ${request}`])),
      externalsType: 'commonjs',
      resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'] },
      module: {
        rules: [
          sourceRule(mode === 'development'),
          { test: /\.css$/, use: [{ loader: require.resolve('./empty-loader.cjs') }], type: 'javascript/auto' },
          { test: /\.(svg|png|jpe?g|webp|avif|ico)$/, type: 'asset/resource', generator: { emit: false } },
        ],
      },
      plugins: [new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
      optimization: { minimize: false, moduleIds: 'deterministic' },
      performance: { hints: false },
      stats: 'errors-warnings',
    };
  };
}
