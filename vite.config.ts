import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type UserConfig } from 'vite'

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

/**
 * An embed page's entry paints the page frame with React alone and imports the rest (embeds/lib/boot-embed.tsx). Its
 * HTML asks for that rest (what the first-load code imports dynamically, with its static imports) at once
 * (`modulepreload`: fetched beside the entry, not blocking its first paint), so the split costs no round trip. Chunks
 * the rest loads later (Sentry, the wallet library) are not.
 */
function preloadPageChunks(): Plugin {
  let base = '/'
  return {
    name: 'cash:preload-page-chunks',
    apply: 'build',
    configResolved: (config) => {
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { chunk, bundle, filename }) {
        if (!chunk || !bundle || !filename.startsWith(EMBEDS_DIR)) return html
        const seen = new Set<string>()
        const walk = (file: string, found?: string[]) => {
          if (seen.has(file)) return
          seen.add(file)
          const c = bundle[file]
          if (c?.type !== 'chunk') return
          if (found && c !== chunk) found.push(file)
          for (const i of c.imports) walk(i, found)
        }
        walk(chunk.fileName) // the entry and what it imports statically: Vite preloads those already
        const first = [...seen].map((file) => bundle[file]).filter((c) => c?.type === 'chunk')
        const rest: string[] = []
        for (const c of first) for (const d of c.dynamicImports) walk(d, rest)
        return {
          html,
          tags: rest.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          })),
        }
      },
    },
  }
}

/**
 * What is worth compressing: text assets. Source maps are left out (only devtools fetch them), and so are the
 * pages: the server compresses each page once in memory (server/http/static-pages.ts).
 */
const TEXT = /\.(js|mjs|css|svg|json|txt|webmanifest)$/
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512

/**
 * Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip, best) beside every text asset of the build, so the
 * server sends a browser the smallest copy it accepts without compressing on each request
 * (server/http/static-pages.ts negotiates on Accept-Encoding).
 */
function precompressDir(dir: string): number {
  let written = 0
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) {
      written += precompressDir(path)
      continue
    }
    if (!TEXT.test(name)) continue
    const raw = readFileSync(path)
    if (raw.length < MIN_BYTES) continue
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      }),
    )
    writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }))
    written++
  }
  return written
}

/** The Vite build step that precompresses the output folder once it is written. */
function precompressAssets(): Plugin {
  let outDir = 'dist'
  return {
    name: 'cash:precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = isAbsolute(config.build.outDir) ? config.build.outDir : join(config.root, config.build.outDir)
    },
    closeBundle: () => void precompressDir(outDir),
  }
}

/**
 * `vite build`: every page (the shell and each embed's standalone page) for the browser. `vite build --ssr` (the
 * second half of `npm run build`): the same embeds and shell as two modules the server imports to draw a page's
 * first screen into its HTML (dist/server/, server/http/first-screen.ts).
 */
export default defineConfig(
  ({ isSsrBuild }): UserConfig =>
    isSsrBuild
      ? {
          base: '/app/cash/',
          plugins: [react()],
          build: {
            outDir: 'dist/server',
            emptyOutDir: true,
            sourcemap: true,
            rollupOptions: {
              input: {
                'server-render': resolve(EMBEDS_DIR, 'lib/server-render.tsx'),
                'shell-render': resolve(import.meta.dirname, 'host/server-render.tsx'),
              },
            },
          },
        }
      : {
          base: '/app/cash/',
          plugins: [react(), embedHtml(), preloadPageChunks(), precompressAssets()],
          build: {
            outDir: 'dist',
            emptyOutDir: true,
            manifest: true,
            sourcemap: true,
            rollupOptions: {
              input: {
                shell: SHELL_PAGE,
                ...Object.fromEntries(
                  embedPages().map((name) => [`embed-${name}`, resolve(EMBEDS_DIR, name, 'index.html')]),
                ),
              },
            },
          },
        },
)
