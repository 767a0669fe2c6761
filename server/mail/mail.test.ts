import { beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'
import { sendMail } from './mail-service'
import { MAIL_TEMPLATES } from './templates'

let t: TestApp
let admin: Caller

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
})

describe('mail outbox', () => {
  it('keeps a mail only if the transaction that sent it commits, then delivers it', async () => {
    await t.deps.db.kysely
      .transaction()
      .execute((tx) => sendMail(t.deps, tx, 'Ana@Example.com', 'vaultEmailCode', { code: '123456', minutes: 15 }))
    await expect(
      t.deps.db.kysely.transaction().execute(async (tx) => {
        await sendMail(t.deps, tx, 'ghost@example.com', 'vaultEmailCode', { code: '999999', minutes: 15 })
        throw new Error('the invite failed')
      }),
    ).rejects.toThrow('the invite failed')
    await t.runJobs()
    const all = (await admin.json('GET', '/sandbox/mail')).body.items
    expect(all).toHaveLength(1)
    expect(all[0]).toMatchObject({
      to: 'ana@example.com',
      template: 'vaultEmailCode',
      subject: 'Your Cash verification code: 123456',
      status: 'delivered',
    })
    expect((await admin.json('GET', '/sandbox/mail?to=ghost@example.com')).body.items).toEqual([])
  })

  it('is for admins, and its page escapes what it shows', async () => {
    await t.deps.db.kysely.transaction().execute((tx) =>
      sendMail(t.deps, tx, 'x@example.com', 'invite', {
        companyName: '<b>Acme</b>',
        inviterName: 'Olga',
        role: 'member',
        link: 'http://localhost:3000/app/cash/accept-invite?token=abc',
        expiresAt: new Date('2026-11-28T12:00:00Z'),
      }),
    )
    const member = await signIn(t.app, 'member')
    expect((await member.json('GET', '/sandbox/mail')).status).toBe(403)
    const page = await admin.request('GET', '/sandbox/mail.html')
    const html = await page.text()
    expect(html).toContain('&#60;b&#62;Acme&#60;/b&#62;')
    expect(html).toContain('<a href="http://localhost:3000/app/cash/accept-invite?token=abc">')
  })
})

describe('mail templates', () => {
  it('write a moment the app’s way (docs/dates.md), in the mail’s language, in UTC and saying so', () => {
    const at = new Date('2026-11-28T15:05:00Z')
    expect(
      MAIL_TEMPLATES.passwordChanged({ at, how: 'change', resetLink: 'https://cash.example/r', language: 'pt-BR' })
        .body,
    ).toContain('alterada em 28 de nov. de 2026, 15:05 UTC')
    expect(
      MAIL_TEMPLATES.passwordChanged({ at, how: 'reset', resetLink: 'https://cash.example/r', language: 'en' }).body,
    ).toMatch(/changed on Nov 28, 2026, 3:05\sPM UTC/)
    expect(MAIL_TEMPLATES.confirmationsPaused({ failures: 5, until: at, language: 'pt-BR' }).body).toContain(
      'até 28 de nov. de 2026, 15:05 UTC',
    )
    expect(
      MAIL_TEMPLATES.invite({
        companyName: 'Acme',
        inviterName: 'Olga',
        role: 'a member',
        link: 'https://cash.example/i',
        expiresAt: at,
      }).body,
    ).toMatch(/expires on Nov 28, 2026, 3:05\sPM UTC\./)
  })
})
