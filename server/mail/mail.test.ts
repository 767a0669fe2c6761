import { beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'
import { sendMail } from './mail-service'
import { MAIL_TEMPLATES } from './templates'
import { ACCOUNT_IDS, persona } from '../../fixtures/personas'

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
      .execute((tx) =>
        sendMail(t.deps, tx, 'Ana@Example.com', 'vaultEmailCode', { code: '123456', minutes: 15, language: 'en' }),
      )
    await expect(
      t.deps.db.kysely.transaction().execute(async (tx) => {
        await sendMail(t.deps, tx, 'ghost@example.com', 'vaultEmailCode', {
          code: '999999',
          minutes: 15,
          language: 'en',
        })
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
        language: 'en',
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
      MAIL_TEMPLATES.passwordChanged({
        at,
        how: 'change',
        resetLink: 'https://cash.example/r',
        walletsUnlinked: [],
        language: 'pt-BR',
      }).body,
    ).toContain('alterada em 28 de nov. de 2026, 15:05 UTC')
    expect(
      MAIL_TEMPLATES.passwordChanged({
        at,
        how: 'reset',
        resetLink: 'https://cash.example/r',
        walletsUnlinked: [],
        language: 'en',
      }).body,
    ).toMatch(/changed on Nov 28, 2026, 3:05\sPM UTC/)
    expect(MAIL_TEMPLATES.confirmationsPaused({ failures: 5, until: at, language: 'pt-BR' }).body).toContain(
      'até 28 de nov. de 2026, 15:05 UTC',
    )
    expect(
      MAIL_TEMPLATES.invite({
        companyName: 'Acme',
        inviterName: 'Olga',
        role: 'member',
        link: 'https://cash.example/i',
        expiresAt: at,
        language: 'en',
      }).body,
    ).toMatch(/as a member\.[\s\S]*expires on Nov 28, 2026, 3:05\sPM UTC\./)
  })
})

describe('each mail in its reader’s language', () => {
  const mailsTo = async (to: string) =>
    (await admin.json('GET', `/sandbox/mail?to=${encodeURIComponent(to)}`)).body.items as {
      subject: string
      body: string
    }[]

  it(
    'a vault e-mail code in Portuguese to a person who reads Portuguese, ' + 'in English to one who never chose',
    async () => {
      const paula = await signIn(t.app, 'personal')
      await paula.json('PUT', '/profile', { name: 'Paula Pereira', language: 'pt-BR', phone: '' })
      await paula.json('POST', '/vault-email', { email: 'cofre@paula.example' })
      const [pt] = await mailsTo('cofre@paula.example')
      expect(pt!.subject).toMatch(/^Seu código de verificação do Cash: \d{6}$/)
      expect(pt!.body).toContain('Ele expira em 15 minutos.')
      const bruno = await signIn(t.app, 'borrower')
      await bruno.json('POST', '/vault-email', { email: 'vault@bruno.example' })
      expect((await mailsTo('vault@bruno.example'))[0]!.subject).toMatch(/^Your Cash verification code: \d{6}$/)
    },
  )

  it('an invitation in the language the invitee chose, else in the one the inviter chose', async () => {
    const olga = await signIn(t.app, 'owner')
    await olga.json('PUT', '/profile', { name: 'Olga Owner', language: 'pt-BR', phone: '' })
    const acme = ACCOUNT_IDS.acme
    expect(
      (await olga.json('POST', `/accounts/${acme}/invitations`, { email: 'ivo@novo.example', role: 'admin' })).status,
    ).toBe(201)
    const [invite] = await mailsTo('ivo@novo.example')
    expect(invite!.subject).toMatch(/convidou você para .+ no Cash$/)
    expect(invite!.body).toContain('como administrador.')
    expect(invite!.body).toMatch(/expira em \d+ de \w+\.? de \d{4}, \d{2}:\d{2} UTC\./)
    // Bruno chose English: his own language wins over the inviter's.
    await (await signIn(t.app, 'borrower')).json('PUT', '/profile', { name: 'Bruno', language: 'en', phone: '' })
    const bruno = persona('borrower').email
    expect((await olga.json('POST', `/accounts/${acme}/invitations`, { email: bruno, role: 'member' })).status).toBe(
      201,
    )
    expect((await mailsTo(bruno))[0]!.body).toContain('as a member.')
  })
})

describe('names people chose, in a mail', () => {
  it('write an inviter’s and a company’s name on one line: line breaks add no paragraph or header', async () => {
    const olivia = await signIn(t.app, 'owner')
    const forged =
      'Olivia\r\n\r\nYour Cash account is locked. Unlock it at https://evil.example/unlock\n\nBcc: x@evil.example'
    // The profile refuses such a name now; one stored before that still reaches the mail on one line.
    expect((await olivia.json('PUT', '/profile', { name: forged, language: '', phone: '' })).status).toBe(400)
    await t.deps.db.kysely.updateTable('users').set({ name: forged }).where('id', '=', persona('owner').id).execute()
    const invited = await olivia.json('POST', `/accounts/${ACCOUNT_IDS.acme}/invitations`, {
      email: 'ivy@example.com',
      role: 'member',
    })
    expect(invited.status).toBe(201)
    const [mail] = (await admin.json('GET', '/sandbox/mail?to=ivy@example.com')).body.items
    const oneLine = 'Olivia Your Cash account is locked. Unlock it at https://evil.example/unlock Bcc: x@evil.example'
    expect(mail.subject).toBe(`${oneLine} invited you to Acme Labs Ltd on Cash`)
    expect(mail.body.split('\n\n')[0]).toBe(`${oneLine} invited you to join Acme Labs Ltd on Cash as a member.`)
    expect(mail.body).not.toMatch(/\r|^Bcc:/m)
  })

  it('write a name stored with a bidi override in its own order: it cannot turn the words after it', async () => {
    const olivia = await signIn(t.app, 'owner')
    // Stored before names were checked: U+202E would show "…Ltd on Cash" reversed after it, a forged sentence.
    const reversing = 'Olivia \u202Ehsac.live//:sptth ta kcolnU\u202C'
    await t.deps.db.kysely.updateTable('users').set({ name: reversing }).where('id', '=', persona('owner').id).execute()
    await olivia.json('POST', `/accounts/${ACCOUNT_IDS.acme}/invitations`, { email: 'ivy@example.com', role: 'member' })
    const [mail] = (await admin.json('GET', '/sandbox/mail?to=ivy@example.com')).body.items
    expect(mail.subject).toBe('Olivia hsac.live//:sptth ta kcolnU invited you to Acme Labs Ltd on Cash')
    expect(`${mail.subject}${mail.body}`).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/)
  })
})
