import { randomBytes } from 'node:crypto'
import { escapeHtml } from './html'
import { inlineStyle } from './security-headers'

const STYLE =
  `body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:1rem;color:#111;background:#fff}
@media ` + `(prefers-color-scheme:dark){body{color:#eee;background:#111}a{color:#8ab4ff}}`
const STYLE_TAG = inlineStyle(STYLE)

/**
 * The digest an unexpected failure is logged and shown with: at most 10 decimal digits, so the log's card
 * number redaction (13 to 19 digits) can never hide it from the operator looking for it.
 */
export function errorDigest(bytes: (n: number) => Buffer = randomBytes): string {
  return String(bytes(4).readUInt32BE(0))
}

/** The server's generic failure page (PRODUCT.md "Errors"): the exact text, the digest, nothing internal. */
export function serverErrorPage(host: string, digest: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" ` +
    `content="width=device-width,initial-scale=1">
<title>Application error</title>${STYLE_TAG}</head><body><main>
<h1>Application error: a server-side exception has occurred while loading ${escapeHtml(host)} (see the server logs ` +
    `for more information).</h1>
<p>Digest: ${escapeHtml(digest)}</p>
<p><a href="/app/cash/error-acknowledged">Continue</a></p></main></body></html>`
  )
}
