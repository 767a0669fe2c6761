import type { AddressInfo } from 'node:net'
import { sql } from 'kysely'
import { SMTPServer } from 'smtp-server'
import { afterEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS } from '../../fixtures/personas'
import { MAX_ATTEMPTS } from '../jobs/job-queue'
import { freePort } from '../testing/free-port'
import { anonymous, createTestApp, signIn, type TestApp } from '../testing/test-app'
import { TEST_CLOCK } from '../testing/test-database'
import { sendMail } from './mail-service'

const FROM = 'Cash <no-reply@cash.example.com>'
const USER = 'cash'
/** With the characters a URL must percent-encode: the transport must log in with the decoded password. */
const PASSWORD = 'p@ss/word'
const smtpUrl = (port: number) => `smtp://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}`

type Received = {
  envelope: { from: string | false; to: string[] }
  user: unknown
  headers: Map<string, string>
  text: string
}
type Refusal = { code: number; text: string }

const servers: { close(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

/**
 * A real SMTP server on loopback (smtp-server, nodemailer's own project). It wants SMTP_URL's user and password,
 * answers each RCPT TO with what `refuse` says (nothing: accepted), and keeps every message it accepts.
 */
async function startSmtpServer(refuse: () => Refusal | undefined = () => undefined, port = 0) {
  const received: Received[] = []
  let recipientsAsked = 0
  const server = new SMTPServer({
    // Plain SMTP on loopback: the test has no certificate the client would trust, so no STARTTLS to offer.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, done) {
      if (auth.username === USER && auth.password === PASSWORD) done(null, { user: auth.username })
      else done(Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 }))
    },
    onRcptTo(_address, _session, done) {
      recipientsAsked++
      const refusal = refuse()
      done(refusal ? Object.assign(new Error(refusal.text), { responseCode: refusal.code }) : null)
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          envelope: {
            from: session.envelope.mailFrom === false ? false : session.envelope.mailFrom.address,
            to: session.envelope.rcptTo.map((r) => r.address),
          },
          user: session.user,
          ...parseMessage(Buffer.concat(chunks).toString('latin1')),
        })
        done()
      })
    },
  })
  await new Promise<void>((listening) => server.listen(port, '127.0.0.1', listening))
  const handle = {
    received,
    recipientsAsked: () => recipientsAsked,
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((closed) => server.close(closed)),
  }
  servers.push(handle)
  return handle
}

/** The headers (lower-cased names, folded lines joined) and the plain-text body of a message as it crossed the wire. */
function parseMessage(raw: string) {
  const split = raw.indexOf('\r\n\r\n')
  const headers = new Map<string, string>()
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':')
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim())
  }
  let body = raw.slice(split + 4)
  // Long lines (the invitation link) travel quoted-printable: soft line breaks and =XX bytes.
  if (headers.get('content-transfer-encoding') === 'quoted-printable')
    body = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return { headers, text: Buffer.from(body, 'latin1').toString('utf8').replace(/\r\n/g, '\n').trimEnd() }
}

const later = (seconds: number) => new Date(TEST_CLOCK.getTime() + seconds * 1000)

async function mailRow(t: TestApp, id: string) {
  return t.deps.db.kysely
    .selectFrom('mail_outbox')
    .select(['status', 'failure_reason', 'delivered_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

async function deliveryJob(t: TestApp, mailId: string) {
  return t.deps.db.kysely
    .selectFrom('jobs')
    .select(['status', 'attempts', 'last_error', 'run_at'])
    .where('kind', '=', 'mail.deliver')
    .where(sql<string>`payload->>'mailId'`, '=', mailId)
    .executeTakeFirstOrThrow()
}

async function queueCode(t: TestApp, to: string) {
  return t.deps.db.kysely
    .transaction()
    .execute((tx) => sendMail(t.deps, tx, to, 'vaultEmailCode', { code: '482913', minutes: 15, language: 'en' }))
}

describe('mail through SMTP (SMTP_URL)', () => {
  it(
    'sends an invitation made through the API to the invited ' +
      'address, from MAIL_FROM, with its subject and a link that works',
    async () => {
      const smtp = await startSmtpServer()
      const t = await createTestApp({ SMTP_URL: smtpUrl(smtp.port), MAIL_FROM: FROM })
      const owner = await signIn(t.app, 'owner')
      const invited = await owner.json('POST', `/accounts/${ACCOUNT_IDS.acme}/invitations`, {
        email: 'Ivy@Example.com',
        role: 'admin',
      })
      expect(invited.status, JSON.stringify(invited.body)).toBe(201)
      expect(smtp.received, 'nothing leaves before the job runs (the mail is queued with the invitation)').toEqual([])

      await t.runJobs()
      expect(smtp.received).toHaveLength(1)
      const mail = smtp.received[0]!
      expect(mail.envelope).toEqual({ from: 'no-reply@cash.example.com', to: ['ivy@example.com'] })
      expect(mail.user, 'logged in with the user and the decoded password of SMTP_URL').toBe(USER)
      expect(mail.headers.get('from')).toBe(FROM)
      expect(mail.headers.get('to')).toBe('ivy@example.com')
      expect(mail.headers.get('subject')).toBe('Olivia Okafor invited you to Acme Labs Ltd on Cash')
      expect(mail.headers.get('content-type')).toMatch(/^text\/plain/)
      expect(mail.text).toContain('Olivia Okafor invited you to join Acme Labs Ltd on Cash as an admin.')
      const outbox = await t.deps.db.kysely
        .selectFrom('mail_outbox')
        .select(['id', 'status'])
        .where('to_address', '=', 'ivy@example.com')
        .execute()
      expect(outbox).toEqual([{ id: expect.any(String), status: 'delivered' }])
      expect(mail.headers.get('message-id')).toBe(`<${outbox[0]!.id}@cash.example.com>`)

      const token = /accept-invite\?token=([\w-]+)/.exec(mail.text)?.[1]
      expect(token, mail.text).toBeDefined()
      const lookup = await anonymous(t.app).json('POST', '/invitations/lookup', { token })
      expect(lookup.body).toMatchObject({ companyName: 'Acme Labs Ltd', role: 'admin', email: 'ivy@example.com' })
    },
  )

  it('retries a temporary refusal (451) with the job queue’s backoff, and the mail arrives on the retry', async () => {
    let refusals = 1
    const smtp = await startSmtpServer(() =>
      refusals-- > 0 ? { code: 451, text: '4.7.1 Greylisted, try again in a moment' } : undefined,
    )
    const t = await createTestApp({ SMTP_URL: smtpUrl(smtp.port), MAIL_FROM: FROM })
    const id = await queueCode(t, 'ana@example.com')

    await t.runJobs()
    expect(smtp.received).toEqual([])
    expect(await mailRow(t, id)).toMatchObject({ status: 'queued', failure_reason: null })
    expect(await deliveryJob(t, id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: expect.stringContaining('451 4.7.1 Greylisted'),
      run_at: later(2),
    })

    t.setNow(later(1))
    await t.runJobs()
    expect(smtp.recipientsAsked(), 'not before its backoff').toBe(1)

    t.setNow(later(2))
    await t.runJobs()
    expect(smtp.received.map((m) => [m.envelope.to, m.headers.get('subject')])).toEqual([
      [['ana@example.com'], 'Your Cash verification code: 482913'],
    ])
    expect(await mailRow(t, id)).toMatchObject({ status: 'delivered', delivered_at: later(2) })
    expect(await deliveryJob(t, id)).toMatchObject({ status: 'done', attempts: 2 })
  })

  it(
    'fails a mail the server refuses for good (550) at once, ' + 'with the server’s reason, and never tries it again',
    async () => {
      const smtp = await startSmtpServer(() => ({
        code: 550,
        text: '5.1.1 <nobody@example.com>: Recipient address rejected: User unknown',
      }))
      const t = await createTestApp({ SMTP_URL: smtpUrl(smtp.port), MAIL_FROM: FROM })
      const id = await queueCode(t, 'nobody@example.com')

      await t.runJobs()
      expect(await mailRow(t, id)).toMatchObject({
        status: 'failed',
        failure_reason: 'RCPT TO: 550 5.1.1 <nobody@example.com>: Recipient address rejected: User unknown',
      })
      expect(await deliveryJob(t, id)).toMatchObject({ status: 'failed', attempts: 1 })

      t.setNow(later(3600))
      await t.runJobs()
      expect(smtp.recipientsAsked()).toBe(1)
      expect(smtp.received).toEqual([])
      const admin = await signIn(t.app, 'admin')
      expect((await admin.json('GET', '/sandbox/mail?to=nobody@example.com')).body.items).toMatchObject([
        { status: 'failed', failureReason: expect.stringContaining('User unknown') },
      ])
    },
  )

  it('keeps a mail while the server refuses connections and sends it once the server is up', async () => {
    const port = await freePort()
    const t = await createTestApp({ SMTP_URL: smtpUrl(port), MAIL_FROM: FROM })
    const id = await queueCode(t, 'ana@example.com')

    await t.runJobs()
    expect(await mailRow(t, id)).toMatchObject({ status: 'queued' })
    expect(await deliveryJob(t, id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: expect.stringContaining('ECONNREFUSED'),
    })

    const smtp = await startSmtpServer(undefined, port)
    t.setNow(later(2))
    await t.runJobs()
    expect(smtp.received.map((m) => m.envelope.to)).toEqual([['ana@example.com']])
    expect(await mailRow(t, id)).toMatchObject({ status: 'delivered' })
  })

  it('marks the mail failed with the last error when the job queue gives up on an unreachable server', async () => {
    const t = await createTestApp({ SMTP_URL: smtpUrl(await freePort()), MAIL_FROM: FROM })
    const id = await queueCode(t, 'ana@example.com')
    let at = 0
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      t.setNow(later(at))
      await t.runJobs()
      at += 2 ** attempt
    }
    expect(await deliveryJob(t, id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS })
    expect(await mailRow(t, id)).toMatchObject({
      status: 'failed',
      failure_reason: expect.stringMatching(/^gave up after 6 attempts: .*ECONNREFUSED/),
    })
  })
})
