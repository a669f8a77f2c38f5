import { readFileSync } from 'node:fs';
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

export default defineConfig({
  plugins: [
    react(),
    topLevelManifest(),
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
  },
  server: { host: '127.0.0.1', proxy: { '/api': 'http://127.0.0.1:8080' } },
});
