// Vite builds the viewer from web/ into web/dist; the env (rules, scenarios,
// the SVG renderer) is bundled from ../env, so replays and games run in the page.
import { defineConfig } from 'vite'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig({
  root,
  base: './',
  logLevel: 'warn',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 4000 },
  server: { fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] } },
})
