import { describe, expect, it } from 'vitest'
import { scrubEvent } from './monitoring'

describe('scrubEvent', () => {
  it('drops the user, cookies, headers and query strings before an event leaves the page', () => {
    const event = scrubEvent({
      user: { email: 'personal@demo.cash' },
      request: {
        url: 'https://cash.example/app/cash/sign-in?next=/x&token=secret',
        cookies: { cash_session: 's' },
        headers: { Authorization: 'Bearer t' },
        query_string: 'token=secret',
      },
      breadcrumbs: [{ data: { url: '/app/cash/api/v1/accounts?token=secret' } }],
    })
    expect(event).toEqual({
      request: { url: 'https://cash.example/app/cash/sign-in' },
      breadcrumbs: [{ data: { url: '/app/cash/api/v1/accounts' } }],
    })
    expect(JSON.stringify(event)).not.toMatch(/secret|personal@demo|Bearer/)
  })
})
