/**
 * First-paint bytes of a page, as `npm run bench` counts them: every byte the browser must fetch before the
 * page's first useful content, gzip, as the server sends it. That is the page's HTML itself (with any data
 * inlined in it), its entry module, everything the HTML preloads (`modulepreload`, `preload`), its
 * stylesheets and classic scripts, and the entry's static imports from the build manifest (transitively, with
 * their CSS) should the HTML not preload one. Chunks the code imports dynamically are not in it.
 *
 * `firstPaintUrls` reads the HTML (pure; scripts/first-paint-bytes.test.ts); `measureFirstPaint` fetches each
 * file from a running server as a browser would (`Accept-Encoding: gzip`) and counts the bytes on the wire.
 */
import { request } from 'node:http'
import { gunzipSync } from 'node:zlib'

type ManifestChunk = { file: string; imports?: string[]; css?: string[] }
export type Manifest = Record<string, ManifestChunk>

export type FirstPaintUrls = {
  /** The entry module (`<script type="module" src>`); null on a page without one. */
  entry: string | null
  /** `<link rel="modulepreload">` and `<link rel="preload">`, in document order. */
  preloads: string[]
  stylesheets: string[]
  /** `<script src>` without `type="module"` (render-blocking). */
  classicScripts: string[]
  /** The entry's static imports (and their CSS) from the manifest that the HTML does not already name. */
  fromManifest: string[]
  /** Every URL above once, entry first: what the browser fetches before the first paint, besides the HTML. */
  all: string[]
}

/** The attributes of one start tag (`<link rel="x" href=y crossorigin>`), names lowercased. */
function attributes(tag: string): Map<string, string> {
  const attrs = new Map<string, string>()
  const body = tag.replace(/^<\w+/, '').replace(/\/?>$/, '')
  for (const m of body.matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    attrs.set(m[1]!.toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '')
  }
  return attrs
}

/**
 * What a page's HTML makes the browser fetch before its first paint, as absolute URLs (resolved against
 * `pageUrl`). With the build's `manifest` (and its `base`, `/app/cash/`), the entry's static imports are added
 * when the HTML does not preload them.
 */
export function firstPaintUrls(html: string, pageUrl: string, manifest?: Manifest, base = '/'): FirstPaintUrls {
  const source = html.replace(/<!--[\s\S]*?-->/g, '')
  const abs = (href: string) => new URL(href, pageUrl).href
  let entry: string | null = null
  const preloads: string[] = []
  const stylesheets: string[] = []
  const classicScripts: string[] = []
  for (const [tag, name] of source.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const a = attributes(tag)
    if (name!.toLowerCase() === 'script') {
      const src = a.get('src')
      if (!src) continue
      if (a.get('type')?.toLowerCase() === 'module') entry ??= abs(src)
      else if (!a.has('type') || /^(text|application)\/(java|ecma)script$/i.test(a.get('type')!))
        classicScripts.push(abs(src))
      continue
    }
    const href = a.get('href')
    const rel = (a.get('rel') ?? '').toLowerCase().split(/\s+/)
    if (!href) continue
    if (rel.includes('stylesheet')) stylesheets.push(abs(href))
    else if (rel.includes('modulepreload') || rel.includes('preload')) preloads.push(abs(href))
  }
  const named = new Set([entry, ...preloads, ...stylesheets, ...classicScripts].filter((u): u is string => u !== null))
  const fromManifest: string[] = []
  if (entry && manifest) {
    const origin = new URL(pageUrl).origin
    const byUrl = new Map(
      Object.entries(manifest).map(([key, chunk]) => [new URL(`${base}${chunk.file}`, origin).href, key]),
    )
    const entryKey = byUrl.get(entry)
    if (entryKey) {
      const seen = new Set<string>()
      const add = (file: string) => {
        const url = new URL(`${base}${file}`, origin).href
        if (!named.has(url)) {
          named.add(url)
          fromManifest.push(url)
        }
      }
      const visit = (key: string) => {
        if (seen.has(key)) return
        seen.add(key)
        const chunk = manifest[key]
        if (!chunk) return
        add(chunk.file)
        for (const css of chunk.css ?? []) add(css)
        for (const i of chunk.imports ?? []) visit(i)
      }
      visit(entryKey)
    }
  }
  const all = [
    ...new Set(
      [entry, ...classicScripts, ...stylesheets, ...preloads, ...fromManifest].filter((u): u is string => u !== null),
    ),
  ]
  return { entry, preloads, stylesheets, classicScripts, fromManifest, all }
}

export type Fetched = { url: string; status: number; bytes: number; encoding: string }

/** GETs a URL and counts the body bytes as they come over the wire (node:http does not decompress). */
export function fetchEncoded(url: string, headers: Record<string, string> = {}): Promise<Fetched & { body: Buffer }> {
  return new Promise((ok, fail) => {
    const req = request(url, { method: 'GET', headers: { 'accept-encoding': 'gzip', ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const body = Buffer.concat(chunks)
        ok({
          url,
          status: res.statusCode ?? 0,
          bytes: body.length,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          body,
        })
      })
      res.on('error', fail)
    })
    req.on('error', fail)
    req.end()
  })
}

export type FirstPaint = { url: string; html: Fetched; files: Fetched[]; urls: FirstPaintUrls; total: number }

/**
 * Fetches the page (with `headers`, say the session cookie) and everything `firstPaintUrls` finds in it, gzip,
 * and adds up the bytes sent. A file the server does not compress (below the size worth it) counts as sent.
 */
export async function measureFirstPaint(
  pageUrl: string,
  opts: { headers?: Record<string, string>; manifest?: Manifest; base?: string } = {},
): Promise<FirstPaint> {
  const { body, ...html } = await fetchEncoded(pageUrl, opts.headers)
  if (html.status !== 200) throw new Error(`${pageUrl} answered ${html.status}`)
  const text = (html.encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8')
  const urls = firstPaintUrls(text, pageUrl, opts.manifest, opts.base)
  const origin = new URL(pageUrl).origin
  const files: Fetched[] = []
  for (const url of urls.all) {
    if (new URL(url).origin !== origin)
      throw new Error(`${pageUrl} loads ${url}, from another origin: not counted by this bench`)
    const { body: _, ...file } = await fetchEncoded(url)
    if (file.status !== 200) throw new Error(`${url} (first paint of ${pageUrl}) answered ${file.status}`)
    files.push(file)
  }
  return { url: pageUrl, html, files, urls, total: html.bytes + files.reduce((s, f) => s + f.bytes, 0) }
}
