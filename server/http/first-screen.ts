import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { SessionResponse } from '../../domain/api/auth.schema'
import type { EmbedName } from '../../domain/webview-pages'

export type Drawn = { html: string; data: Record<string, unknown> }
type Common = {
  pathname: string
  search: string
  session: SessionResponse | null
  acceptLanguage: string | undefined
  fetchApi: typeof fetch
}
export type FirstScreenRenderers = {
  /** A standalone embed page's first screen (embeds/lib/server-render.tsx). */
  embed: (input: Common & { embed: EmbedName }) => Promise<Drawn>
  /** A web shell page's first screen (host/server-render.tsx). */
  shell: (input: Common) => Promise<Drawn>
}

/**
 * The modules the build draws first screens with (`vite build --ssr`, into dist/server/), loaded once; null
 * when the build has none (the pages then arrive empty and draw in the browser).
 */
export function firstScreenRenderers(distDir: string): () => Promise<FirstScreenRenderers | null> {
  let loading: Promise<FirstScreenRenderers | null> | undefined
  return () =>
    (loading ??= (async () => {
      const file = (name: string) => resolve(distDir, 'server', `${name}.js`)
      if (!existsSync(file('server-render')) || !existsSync(file('shell-render'))) return null
      // React picks its build by NODE_ENV when first loaded, and nothing else in the server loads it: unless the
      // environment says otherwise, pages are drawn with the production build. The development build, with its
      // checks, took 3.5× as long: 2.7 s against 0.8 s to draw the same 70 first screens (measured).
      process.env.NODE_ENV ??= 'production'
      const embed = (await import(pathToFileURL(file('server-render')).href)) as {
        renderEmbedFirstScreen: FirstScreenRenderers['embed']
      }
      const shell = (await import(pathToFileURL(file('shell-render')).href)) as {
        renderShellFirstScreen: FirstScreenRenderers['shell']
      }
      return { embed: embed.renderEmbedFirstScreen, shell: shell.renderShellFirstScreen }
    })())
}

/** `data` as a JSON block of the document (never executed): `<` escaped, so no string in it can close the element. */
export function jsonBlock(id: string, data: unknown): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(data).replaceAll('<', '\\u003c')}</script>`
}

/**
 * Loads a drawn page's code once its first screen has painted: the entry and what it preloads, read from the
 * `cash-code` block. The same text on every page, so the CSP allows it by one hash (security-headers.ts). A
 * hidden page (no frames to wait for) loads at once. A page drawn signed out (`data-ssr-signed-out`) inside a host
 * (a native app's webview, a frame) stays hidden before its first paint: the host signs it in over the bridge,
 * which the server could not know, so the code draws it afresh (mount-embed.tsx) instead of flashing "sign in".
 */
export const CODE_LOADER =
  '(()=>{const ' +
  "r=document.getElementById('root'),w=window;if(r.hasAttribute('data-ssr-signed-out')&&(w.ReactNativeWebView||w.ca" +
  'shBridge||(w.webkit&&w.webkit.messageHandlers&&w.webkit.messageHandlers.cashBridge)||w.parent!==w))r.style.visib' +
  "ility='hidden';const go=()=>{const c=JSON.parse(document.getElementById('cash-code').textContent);for(const h " +
  'of c.preload){const ' +
  "l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.append(l)}const " +
  "s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=c.entry;document.head.append(s)};docum" +
  "ent.visibilityState==='visible'?requestAnimationFrame(()=>setTimeout(go)):go()})()"

/**
 * `html` with `inner` drawn into its empty root, marked so the browser takes it over instead of drawing it again
 * (`data-ssr`), and `inert` until it has (a tap or a keystroke before the code arrives would be lost: mount-embed.tsx
 * lifts it once React holds the page). Its code moves from the head (fetched beside the HTML, competing with the
 * first paint) to after the first paint (CODE_LOADER). Without an entry script, the page is left as built.
 */
export function withFirstScreen(
  html: string,
  inner: string,
  data: Record<string, unknown> = {},
  signedOut = false,
): string {
  let entry: string | undefined
  const preload: string[] = []
  const rest = html
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/, (_, src: string) => {
      entry = src
      return ''
    })
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_, href: string) => (preload.push(href), ''))
  if (!entry) return html
  return rest
    .replace(
      '<div id="root"></div>',
      () => `<div id="root" data-ssr="" inert=""${signedOut ? ' data-ssr-signed-out=""' : ''}>${inner}</div>`,
    )
    .replace(
      '</body>',
      () =>
        `${jsonBlock('cash-data', data)}${jsonBlock('cash-code', { entry, preload })}<script>${CODE_LOADER}` +
        `</script></body>`,
    )
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
}

/** The values of every `style` attribute in React's server markup, as the browser reads them (entities decoded). */
export function styleAttributeValues(html: string): string[] {
  return [...html.matchAll(/\sstyle="([^"]*)"/g)].map((m) =>
    m[1]!.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (e) => ENTITIES[e]!),
  )
}
