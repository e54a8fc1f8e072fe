// One rspack config for the shell and every remote, so they all share the same loaders, the same
// Module Federation settings and, above all, the same list of singletons.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

/** Loaded once per page whoever asks first (shareStrategy 'loaded-first'); two copies would break context. */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'react-router-dom',
  'zustand',
  '@tanstack/react-query',
];
/** Shared to avoid downloading them twice, but a remote may bring its own compatible version. */
const SHARED = ['zod'];

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The version the app declares, else the version installed for it (react-router comes with react-router-dom). */
function versionFor(appDir, request) {
  const pkgName = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
  const declared = readJson(path.join(appDir, 'package.json')).dependencies?.[pkgName];
  if (declared) return declared;
  const require = createRequire(path.join(appDir, 'package.json'));
  return readJson(require.resolve(`${pkgName}/package.json`)).version;
}

function sharedConfig(appDir) {
  const shared = {};
  for (const request of SINGLETONS) {
    shared[request] = { singleton: true, requiredVersion: versionFor(appDir, request) };
  }
  for (const request of SHARED) {
    shared[request] = { requiredVersion: versionFor(appDir, request) };
  }
  return shared;
}

/**
 * @param {object} options
 * @param {string} options.appDir absolute folder of the app (holding package.json and src/)
 * @param {string} options.name Module Federation name, a JS identifier (e.g. 'shell', 'mfe_public')
 * @param {'host'|'remote'} options.kind
 * @param {Record<string,string>} [options.exposes] remotes only
 * @param {number} [options.port] dev server port
 * @returns {(env?: unknown, argv?: {mode?: string}) => import('@rspack/core').Configuration}
 */
export function createRspackConfig({ appDir, name, kind, exposes = {}, port = 3000 }) {
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
      entry: { main: './src/index.ts' },
      devtool: isDev ? 'cheap-module-source-map' : false,
      output: {
        path: path.join(appDir, 'dist'),
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
      resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'] },
      module: {
        rules: [
          {
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
          },
          {
            test: /\.css$/,
            type: 'css/auto',
            use: [
              {
                loader: 'postcss-loader',
                options: { postcssOptions: { plugins: [['@tailwindcss/postcss', { base: appDir }]] } },
              },
            ],
          },
          { test: /\.(svg|png|jpe?g|webp|avif|ico)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new rspack.HtmlRspackPlugin({
          template: path.join(appDir, 'src/index.html'),
          // A remote's own page is only a standalone harness: it must not pull in its remoteEntry.
          chunks: ['main'],
          minify: false,
        }),
        new ModuleFederationPlugin({
          name,
          ...(isHost
            ? { remotes: {} } // registered at run time from the runtime config
            : { filename: 'remoteEntry.js', exposes, manifest: true }),
          shared: sharedConfig(appDir),
          shareStrategy: 'loaded-first',
          dts: false,
        }),
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
