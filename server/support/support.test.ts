import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, persona } from '../../fixtures/personas'
import { anonymous, createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

let t: TestApp
let paula: Caller
let admin: Caller

beforeEach(async () => {
  t = await createTestApp()
  paula = await signIn(t.app, 'personal')
  admin = await signIn(t.app, 'admin')
})

const later = (ms: number) => t.setNow(new Date(t.deps.now().getTime() + ms))

describe('help center API', () => {
  it('finds the PIX articles for "PÍX" without signing in, titles first, in the language asked', async () => {
    const en = await anonymous(t.app).json('GET', '/support/articles?q=P%C3%8DX')
    expect(en.status).toBe(200)
    expect(en.body.locale).toBe('en')
    expect(
      en.body.items
        .slice(0, 2)
        .map((a: { id: string }) => a.id)
        .sort(),
    ).toEqual(['pix-send', 'pix-top-up'])
    const pt = await anonymous(t.app).json('GET', '/support/articles?q=saque&locale=pt-BR')
    expect(pt.body.items[0]).toMatchObject({
      id: 'withdraw-crypto',
      title: 'Saques e o prazo de segurança',
      category: 'withdrawals',
    })
  })

  it('reads the language from Accept-Language when none is asked, and filters by category', async () => {
    const res = await anonymous(t.app).json('GET', '/support/articles?category=pix', undefined, {
      'accept-language': 'pt-BR,pt;q=0.9',
    })
    expect(res.body.locale).toBe('pt-BR')
    expect(res.body.items.map((a: { title: string }) => a.title)).toEqual([
      'Adicionar dinheiro com PIX',
      'Pagar com PIX',
    ])
  })

  it('serves one article with its body and related articles, and a clear 404 for an unknown one', async () => {
    const res = await anonymous(t.app).json('GET', '/support/articles/pix-send?locale=pt-BR')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: 'pix-send', title: 'Pagar com PIX', locale: 'pt-BR' })
    expect(res.body.body.length).toBeGreaterThan(0)
    expect(res.body.related.map((a: { id: string }) => a.id)).toContain('pix-top-up')
    const missing = await anonymous(t.app).json('GET', '/support/articles/no-such-article')
    expect(missing.status).toBe(404)
    expect(missing.body.error).toMatchObject({
      code: 'not_found',
      message: 'There is no help article with this address.',
    })
  })

  it('refuses an unknown category at its field', async () => {
    const res = await anonymous(t.app).json('GET', '/support/articles?category=loans')
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.error.fields)).toContain('category')
  })
})

describe('feedback', () => {
  it(
    'stores a holder’s feedback with their account, ' + 'and an admin reads it newest first with the unread count',
    async () => {
      const sent = await paula.json('POST', '/support/feedback', {
        rating: 4,
        message: '  Love the PIX flow  ',
        page: '/app/cash/pix/send',
      })
      expect(sent.status).toBe(201)
      expect(sent.body).toMatchObject({ rating: 4, message: 'Love the PIX flow', page: '/app/cash/pix/send' })
      later(1000)
      const owner = await signIn(t.app, 'new')
      await owner.json('POST', '/support/feedback', { rating: 2, message: 'Where is my card?' })
      const inbox = await admin.json('GET', '/admin/feedback')
      expect(inbox.status).toBe(200)
      expect(inbox.body.unread).toBe(2)
      expect(inbox.body.items.map((i: { message: string }) => i.message)).toEqual([
        'Where is my card?',
        'Love the PIX flow',
      ])
      expect(inbox.body.items[1]).toMatchObject({
        rating: 4,
        readAt: null,
        user: { id: persona('personal').id, email: persona('personal').email },
        account: { id: ACCOUNT_IDS.personal },
      })
      expect(inbox.body.items[0].account).toBeNull()
    },
  )

  it(
    'names the field of each bad input: rating outside 1–5, ' + 'an empty or too long message, a page that is not ours',
    async () => {
      const cases: [unknown, string, string][] = [
        [{ rating: 0, message: 'ok' }, 'rating', 'Choose a rating from 1 to 5.'],
        [{ rating: 6, message: 'ok' }, 'rating', 'Choose a rating from 1 to 5.'],
        [{ rating: 2.5, message: 'ok' }, 'rating', 'Choose a rating from 1 to 5.'],
        [{ message: 'ok' }, 'rating', 'Choose a rating from 1 to 5.'],
        [{ rating: 3, message: '   ' }, 'message', 'Write a message.'],
        [{ rating: 3 }, 'message', 'Write a message.'],
        [{ rating: 3, message: 'x'.repeat(2001) }, 'message', 'Use at most 2000 characters.'],
        [{ rating: 3, message: 'ok', page: 'https://evil.example' }, 'page', 'A page is a /app/cash path.'],
      ]
      for (const [body, field, message] of cases) {
        const res = await paula.json('POST', '/support/feedback', body)
        expect(res.status, JSON.stringify(body)).toBe(400)
        expect(res.body.error.fields[field], JSON.stringify(body)).toBe(message)
      }
      expect((await paula.json('POST', '/support/feedback', { rating: 5, message: 'x'.repeat(2000) })).status).toBe(201)
      expect((await admin.json('GET', '/admin/feedback')).body.items).toHaveLength(1)
    },
  )

  it('needs a signed-in user to send, and an admin to read or mark read', async () => {
    expect((await anonymous(t.app).json('POST', '/support/feedback', { rating: 5, message: 'hi' })).status).toBe(401)
    const sent = await paula.json('POST', '/support/feedback', { rating: 5, message: 'hi' })
    for (const key of ['personal', 'owner', 'member'] as const) {
      const caller = await signIn(t.app, key)
      expect((await caller.json('GET', '/admin/feedback')).status, key).toBe(403)
      expect((await caller.json('POST', `/admin/feedback/${sent.body.id}/read`)).status, key).toBe(403)
    }
    expect((await admin.json('GET', '/admin/feedback')).body.unread).toBe(1)
  })

  it(
    'accepts 10 messages an hour per person, ' + 'refuses the 11th with 429 and when to retry, then accepts again',
    async () => {
      for (let i = 0; i < 10; i++) {
        expect((await paula.json('POST', '/support/feedback', { rating: 3, message: `note ${i}` })).status).toBe(201)
        later(60_000)
      }
      const refused = await paula.json('POST', '/support/feedback', { rating: 3, message: 'one too many' })
      expect(refused.status).toBe(429)
      expect(refused.body.error.code).toBe('rate_limited')
      expect(refused.body.error.message).toMatch(
        /^You can send up to 10 feedback messages an hour\. Try again after \d\d:\d\d UTC\.$/,
      )
      expect(refused.body.error.details.retryAt).toBe('2026-11-21T13:00:00.000Z')
      // Someone else is not limited by Paula's messages.
      expect(
        (await (await signIn(t.app, 'borrower')).json('POST', '/support/feedback', { rating: 3, message: 'me too' }))
          .status,
      ).toBe(201)
      t.setNow(new Date('2026-11-21T13:00:00.001Z'))
      expect((await paula.json('POST', '/support/feedback', { rating: 3, message: 'an hour later' })).status).toBe(201)
      expect((await admin.json('GET', '/admin/feedback')).body.items).toHaveLength(12)
    },
  )

  it('marks a message read once, with an audit line by the admin; unknown ids are 404', async () => {
    const sent = await paula.json('POST', '/support/feedback', { rating: 1, message: 'Card declined at the bakery' })
    later(5000)
    const read = await admin.json('POST', `/admin/feedback/${sent.body.id}/read`)
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ unread: 0, item: { id: sent.body.id, readAt: t.deps.now().toISOString() } })
    later(5000)
    const again = await admin.json('POST', `/admin/feedback/${sent.body.id}/read`)
    expect(again.body.item.readAt).toBe(read.body.item.readAt)
    const audit = await admin.json('GET', `/admin/audit?subjectType=feedback&subjectId=${sent.body.id}`)
    expect(audit.body.items).toHaveLength(1)
    expect(audit.body.items[0]).toMatchObject({
      action: 'feedback.read',
      actor: { email: persona('admin').email },
      before: { readAt: null },
      after: { readAt: read.body.item.readAt },
    })
    expect((await admin.json('GET', '/admin/feedback?unread=true')).body.items).toEqual([])
    expect((await admin.json('POST', '/admin/feedback/00000000-0000-4000-8000-000000000000/read')).status).toBe(404)
    expect((await admin.json('POST', '/admin/feedback/not-a-uuid/read')).status).toBe(400)
  })
})
