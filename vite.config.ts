import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The manifest lives at the top level (see README); this copies it into the build as is. */
function topLevelManifest(): Plugin {
  return {
    name: 'top-level-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: readFileSync('manifest.webmanifest', 'utf8') });
    },
  };
}

/**
 * Writes a .br and a .gz beside every text file of the build; the server sends them to browsers that
 * accept them (@fastify/static preCompressed). On a school's slow Wi-Fi the first visit downloads a
 * quarter of the bytes, without compressing on every request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
  return {
    name: 'precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      handler() {
        for (const file of walk(outDir).filter((f) => /\.(js|css|html|svg|webmanifest|json)$/.test(f))) {
          const data = readFileSync(file);
          if (data.length < 1024) continue;
          writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
          writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    topLevelManifest(),
    precompress(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,mp3,wav,ico,webmanifest}'],
        rollupFormat: 'es',
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // No modulepreload links for a lazy chunk's imports (its CSS still loads with it). They spared a
    // round trip per level of imports on a first visit, but on every start after it the worker answers
    // from its precache, and appending the ~40 links of a page took a task of its own on a slow tablet;
    // the lists were 3.6 KB gz of the first load (issue 17, docs/performance.md step 30).
    modulePreload: false,
    rolldownOptions: {
      // Constants are written where they are used, also across chunks: src/constants.ts (issue 34
      // item 7), imported from every layer, was otherwise a file of its own on both first loads, and
      // put into a group it made two chunks import each other. 'all' rather than the default 'smart':
      // smart left every string and timer of it behind an import (/login 160.2 → 159.5 KB gz).
      optimization: { inlineConst: { mode: 'all' } },
      output: {
        codeSplitting: {
          // Only the group below is affected: its modules are captured without the modules they import,
          // which stay where automatic splitting puts them (Mantine's Text in the entry, not in this
          // group). Safe because every captured module is free of side effects at load.
          includeDependenciesRecursively: false,
          groups: [
            {
              // The small shared parts of a list page (plain Mantine stand-ins, the table, dates, a few
              // icons): one file instead of ~10 on the dashboard, each of 0.1–1 KB (issue 17,
              // docs/performance.md; /index 42 → 32 files, /login unchanged).
              name: 'lists',
              test: /[\\/]src[\\/](ui[\\/](data-table|sliced|sortable-header|table|touch-checkbox|plain|native-select|copy-button|stale-notice|use-sort)|lib[\\/](dates|plural|help-link|sorting))\.tsx?$|[\\/]src[\\/]ui[\\/]copy-button\.module\.css$|@tabler[\\/]icons-react[\\/].*Icon(SortDescending|SortAscending|ArrowsSort|Check|Copy|ClockExclamation|Plus)\./,
            },
            {
              // The signed-in pages' data layer and shell parts: a file each cost more than their code.
              name: 'signed-in',
              test: /[\\/]src[\\/](data[\\/](use-read|local-store|local-changes|service-worker|use-write|replayer|offline-copy-state|use-sync-status|use-local|read-mark-patches|endpoint-ids|optimistic|writes|pending-entries|worker-registration)|lib[\\/]throttle|api[\\/](?!session[\\/])[a-z-]+[\\/]endpoints|shell[\\/](use-shell-data|wishlist-unread|update-prompt|portal-data)|lib[\\/]wishlist-unread|offline[\\/]schema|api[\\/]catalogue)\.tsx?$/,
            },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1', proxy: { '/api': 'http://127.0.0.1:8080' } },
});
