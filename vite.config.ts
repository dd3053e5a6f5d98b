import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { dashboardServer } from './server/dashboardServerPlugin.ts'

export default defineConfig({
  plugins: [react(), dashboardServer()],
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  resolve: {
    alias: {
      // TanStack Store asks for the CommonJS shim that backports useSyncExternalStore to React < 18; React
      // 19 has the hook, and an ES module of the selector wrapper costs the first load less.
      'use-sync-external-store/shim/with-selector': fileURLToPath(
        new URL('./src/lib/vendor/useSyncExternalStoreWithSelector.ts', import.meta.url),
      ),
    },
  },
  // The manifest lets scripts/check-size.mjs read what loads eagerly; the server never serves dot-folders.
  // No modulepreload polyfill in the first load: it only lets browsers without <link rel="modulepreload">
  // (Safari before 17) fetch a lazy chunk's imports early. There they still load, just one after another.
  build: { target: 'es2022', sourcemap: false, manifest: true, modulePreload: { polyfill: false } },
})
