// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { webviewUrl } from '../domain/webview-pages'
import { renderShellFirstScreen } from './server-render'
import { renderEmbedFirstScreen } from '../embeds/lib/server-render'

/**
 * The server draws a page's first screen where there is no `window` (Node): a page that read its query from
 * `window.location` threw there, and the page arrived blank, to be drawn by its code after it loaded (the support
 * help centre did, logged as "first screen not drawn on the server"). Pages read the address through the embed's
 * navigation (`usePageQuery`, `here`), which the server fills from the request.
 */
const session = null
const offline = (async () => new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found.' } }), { status: 404, headers: { 'content-type': 'application/json' } })) as typeof fetch
const split = (address: string) => {
  const url = new URL(address, 'http://cash.test')
  return { pathname: url.pathname, search: url.search }
}
const embedPage = (embed: 'support', address: string) => renderEmbedFirstScreen({ embed, ...split(address), session, acceptLanguage: 'en-US', fetchApi: offline })
const shellPage = (address: string) => renderShellFirstScreen({ ...split(address), session, acceptLanguage: 'en-US', fetchApi: offline })

describe('first screens drawn on the server read the page’s address from the request', () => {
  it('the help centre opens with the search and topic of its link, standalone and in the shell', async () => {
    const standalone = `${webviewUrl('support', '/support/help-center')}&q=pix&category=cards`
    for (const { html } of [await embedPage('support', standalone), await shellPage('/app/cash/support/help-center?q=pix&category=cards')]) {
      expect(html).toMatch(/<input id="help-search"[^>]* value="pix"/)
      expect(html).toMatch(/<option value="cards" selected="">/)
    }
  })
})
