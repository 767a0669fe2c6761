import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const EMBEDS_DIR = resolve(import.meta.dirname, 'embeds')
const TEMPLATE = resolve(EMBEDS_DIR, 'embed-page.html')
const SHELL_PAGE = resolve(import.meta.dirname, 'host/index.html')

/** Every embed folder with a standalone mount (`main.tsx`) is a page. */
const embedPages = () => readdirSync(EMBEDS_DIR).filter((name) => existsSync(resolve(EMBEDS_DIR, name, 'main.tsx')))

/**
 * Every page's `index.html` is the one template (embeds/embed-page.html), served virtually at
 * embeds/<name>/index.html and host/index.html so its `./main.tsx` resolves inside that folder.
 */
function embedHtml(): Plugin {
  const pages = new Set([SHELL_PAGE, ...embedPages().map((name) => resolve(EMBEDS_DIR, name, 'index.html'))])
  return {
    name: 'cash:embed-html',
    resolveId: (id) => (pages.has(id) ? id : null),
    load: (id) => (pages.has(id) ? readFileSync(TEMPLATE, 'utf8') : null),
  }
}

export default defineConfig({
  base: '/app/cash/',
  plugins: [react(), embedHtml()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    rollupOptions: {
      input: {
        shell: SHELL_PAGE,
        ...Object.fromEntries(embedPages().map((name) => [`embed-${name}`, resolve(EMBEDS_DIR, name, 'index.html')])),
      },
    },
  },
})
