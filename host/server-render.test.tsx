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
const holder = {
  user: {
    id: '20000000-0000-4000-8000-000000000001',
    email: 'personal@demo.cash',
    name: 'Paula Pereira',
    platformRole: 'user' as const,
  },
  memberships: [],
  csrfToken: 'csrf',
}
const offline = (async () =>
  new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found.' } }), {
    status: 404,
    headers: { 'content-type': 'application/json' },
  })) as typeof fetch
const split = (address: string) => {
  const url = new URL(address, 'http://cash.test')
  return { pathname: url.pathname, search: url.search }
}
const embedPage = (
  embed: 'support' | 'rewards',
  address: string,
  as: typeof holder | null = session,
  fetchApi: typeof fetch = offline,
) => renderEmbedFirstScreen({ embed, ...split(address), session: as, acceptLanguage: 'en-US', fetchApi })
const shellPage = (address: string) =>
  renderShellFirstScreen({ ...split(address), session, acceptLanguage: 'en-US', fetchApi: offline })

describe('first screens drawn on the server read the page’s address from the request', () => {
  it('the help centre opens with the search and topic of its link, standalone and in the shell', async () => {
    const standalone = `${webviewUrl('support', '/support/help-center')}&q=pix&category=cards`
    for (const { html } of [
      await embedPage('support', standalone),
      await shellPage('/app/cash/support/help-center?q=pix&category=cards'),
    ]) {
      expect(html).toMatch(/<input id="help-search"[^>]* value="pix"/)
      expect(html).toMatch(/<option value="cards" selected="">/)
    }
  })

  it(
    'the refer page draws the holder’s link on the server ' +
      '(it read the page’s origin from window, and threw there)',
    async () => {
      const link = {
        code: 'K7Q2M9XA',
        url: 'https://cash.example/app/cash/sign-up?ref=K7Q2M9XA',
        createdAt: '2026-11-25T12:00:00.000Z',
        expiresAt: '2027-02-23T12:00:00.000Z',
      }
      const api = (async (input: string | URL | Request) =>
        String(input).endsWith('/referrals/link')
          ? new Response(JSON.stringify({ link }), { status: 200, headers: { 'content-type': 'application/json' } })
          : offline(input)) as typeof fetch
      const { html } = await embedPage('rewards', webviewUrl('rewards', '/refer'), holder, api)
      expect(html).toContain('<code data-testid="refer.url">https://cash.example/app/cash/sign-up?ref=K7Q2M9XA</code>')
    },
  )
})
