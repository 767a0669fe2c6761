import { describe, expect, it } from 'vitest'
import { firstPaintUrls, type Manifest } from './first-paint-bytes'

const PAGE = 'http://127.0.0.1:4000/app/cash/webview/withdraw'
const A = (file: string) => `http://127.0.0.1:4000/app/cash/assets/${file}`

// As the build writes an embed page (embeds/embed-page.html through vite.config.ts).
const EMBED_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Cash</title>
    <script src="/app/cash/assets/csp-init.js"></script>
    <script type="module" crossorigin src="/app/cash/assets/embed-withdraw-W.js"></script>
    <link rel="modulepreload" crossorigin href="/app/cash/assets/tokens-T.js">
    <link rel="stylesheet" crossorigin href="/app/cash/assets/tokens-C.css">
    <link rel="modulepreload" crossorigin href="/app/cash/assets/withdraw-embed-E.js">
    <!-- <link rel="modulepreload" href="/app/cash/assets/commented-out.js"> -->
    <link rel="icon" href="/app/cash/favicon.svg">
  </head>
  <body>
    <div id="root"></div>
    <script type="application/json" id="data">{"balance":"1.00"}</script>
  </body>
</html>`

const MANIFEST: Manifest = {
  'embeds/withdraw/index.html': {
    file: 'assets/embed-withdraw-W.js',
    imports: ['_tokens.js', '_boot.js'],
    css: ['assets/tokens-C.css'],
  },
  '_tokens.js': { file: 'assets/tokens-T.js', css: ['assets/tokens-C.css'] },
  '_boot.js': { file: 'assets/boot-embed-B.js', imports: ['_tokens.js', '_react.js'] },
  '_react.js': { file: 'assets/react-R.js', css: ['assets/react-X.css'] },
  'embeds/withdraw/withdraw-embed.tsx': { file: 'assets/withdraw-embed-E.js', imports: ['_never.js'] },
  '_never.js': { file: 'assets/never-N.js' },
}

describe('firstPaintUrls', () => {
  it('finds the entry, the preloads, the stylesheets and the classic scripts, as absolute URLs', () => {
    const urls = firstPaintUrls(EMBED_HTML, PAGE)
    expect(urls.entry).toBe(A('embed-withdraw-W.js'))
    expect(urls.preloads).toEqual([A('tokens-T.js'), A('withdraw-embed-E.js')])
    expect(urls.stylesheets).toEqual([A('tokens-C.css')])
    expect(urls.classicScripts).toEqual([A('csp-init.js')])
    expect(urls.fromManifest).toEqual([])
    // A JSON data block is not fetched (its bytes are the HTML's); a comment and an icon are not first paint.
    expect(urls.all).toEqual([
      A('embed-withdraw-W.js'),
      A('csp-init.js'),
      A('tokens-C.css'),
      A('tokens-T.js'),
      A('withdraw-embed-E.js'),
    ])
  })

  it("adds the entry's static imports (transitively, with their CSS) that the HTML does not preload, once each", () => {
    const urls = firstPaintUrls(EMBED_HTML, PAGE, MANIFEST, '/app/cash/')
    expect(urls.fromManifest).toEqual([A('boot-embed-B.js'), A('react-R.js'), A('react-X.css')])
    expect(urls.all).toHaveLength(8)
    expect(new Set(urls.all).size).toBe(8)
    // What the entry's preloaded chunks import is theirs to load later, not the entry's.
    expect(urls.all).not.toContain(A('never-N.js'))
  })

  it(
    'reads attributes in any order and quoting, relative URLs ' +
      'against the page, and the first module script as the entry',
    () => {
      const html = `<html><head>
      <LINK href='../assets/a.css' REL=stylesheet>
      <link crossorigin href=/app/cash/assets/p.js rel="modulepreload"/>
      <link rel="preload" as="font" href="/app/cash/assets/f.woff2" crossorigin>
      <script crossorigin type="module" src="./entry.js"></script>
      <script type="module" src="/app/cash/assets/second.js"></script>
      <script type="text/javascript" src="/app/cash/assets/classic.js"></script>
      <script>inline()</script>
    </head></html>`
      const urls = firstPaintUrls(html, 'http://h/app/cash/bench/bare/', undefined)
      expect(urls.entry).toBe('http://h/app/cash/bench/bare/entry.js')
      expect(urls.stylesheets).toEqual(['http://h/app/cash/bench/assets/a.css'])
      expect(urls.preloads).toEqual(['http://h/app/cash/assets/p.js', 'http://h/app/cash/assets/f.woff2'])
      expect(urls.classicScripts).toEqual(['http://h/app/cash/assets/classic.js'])
    },
  )

  it('gives nothing to fetch for a page with no scripts or styles', () => {
    expect(firstPaintUrls('<p>plain</p>', PAGE, MANIFEST, '/app/cash/')).toEqual({
      entry: null,
      preloads: [],
      stylesheets: [],
      classicScripts: [],
      fromManifest: [],
      all: [],
    })
  })
})
