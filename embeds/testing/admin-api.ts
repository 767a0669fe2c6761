import { afterEach, beforeEach, vi } from 'vitest'

/** The session a back-office page test is signed in with: an admin of the platform, member of no account. */
export const ADMIN_SESSION = {
  user: { id: '20000000-0000-4000-8000-000000000009', email: 'a@demo.cash', name: 'Ada', platformRole: 'admin' },
  memberships: [],
  csrfToken: 'csrf',
}

/**
 * Answers a back-office page's API calls in each test as the server would: the admin's session, then what
 * `answer` gives for a URL (a JSON body), then an empty audit trail, and 404 for anything else.
 */
export function stubAdminApi(answer: (url: string) => unknown) {
  beforeEach(() => {
    vi.stubGlobal('fetch', async (url: string) => {
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
      if (url.endsWith('/auth/session')) return json(ADMIN_SESSION)
      const body = answer(url)
      if (body !== undefined) return json(body)
      if (url.includes('/admin/audit')) return json({ items: [] })
      return json({ error: { code: 'not_found', message: 'Not found.' } }, 404)
    })
  })
  afterEach(() => vi.unstubAllGlobals())
}
