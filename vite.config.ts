import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { dashboardServer } from './server/dashboardServerPlugin.ts'

export default defineConfig({
  plugins: [react(), dashboardServer()],
  server: {
    host: '127.0.0.1',
    // Not source: the store's files (written every second), the builds and the built store template.
    watch: {
      ignored: ['data', 'dist', 'dist-server'].map((dir) => path.join(import.meta.dirname, dir, '**')),
    },
  },
  preview: { host: '127.0.0.1' },
  // The manifest lets scripts/check-size.mjs read what loads eagerly; the server never serves dot-folders.
  // No modulepreload polyfill in the first load: it only lets browsers without <link rel="modulepreload">
  // (Safari before 17) fetch a lazy chunk's imports early. There they still load, just one after another.
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: /\/src\/(?!main\.tsx$).*\.tsx?$/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            { name: 'common', test: /\/src\/(components|lib|api|shared)\//, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
})
