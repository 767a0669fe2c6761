import { errorText } from '../../domain/error-words'
import { beforeEach, describe, expect, it } from 'vitest'
import { MAX_UPLOAD_BYTES } from '../../domain/identity'
import { ACCOUNT_IDS, persona } from '../../fixtures/personas'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'
import { providerKey, signWebhook } from '../webhooks/signature'

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46])
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n')
const address = { line1: 'Rua Augusta 100', city: 'São Paulo', region: 'SP', postalCode: '01304-000', country: 'BR' }

let t: TestApp
let admin: Caller
let nina: Caller

const upload = async (caller: Caller, kind: string, bytes: Buffer = PNG, fileName = 'photo.png') =>
  caller.json('POST', '/identity/documents', { kind, fileName, content: bytes.toString('base64') })
const uploadId = async (caller: Caller, kind: string, bytes: Buffer = PNG) => {
  const res = await upload(caller, kind, bytes)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.id as string
}
const kycBody = async (caller: Caller, legalName = 'Nina Novak') => ({
  legalName,
  birthDate: '1994-05-17',
  address,
  nationality: 'BR',
  idDocument: {
    type: 'id_card',
    front: await uploadId(caller, 'id_front', JPEG),
    back: await uploadId(caller, 'id_back'),
  },
  selfie: await uploadId(caller, 'selfie'),
})
/** Moves the clock by `seconds` and lets the provider's webhooks due by then arrive. */
const secondsPass = async (seconds: number) => {
  t.setNow(new Date(t.deps.now().getTime() + seconds * 1000))
  await t.runJobs()
}
const mailTo = async (email: string) =>
  (await admin.json('GET', `/sandbox/mail?to=${encodeURIComponent(email)}`)).body.items as {
    subject: string
    body: string
  }[]

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
  nina = await signIn(t.app, 'new', 'web')
})

describe('KYC with the sandbox identity provider', () => {
  it(
    'goes submitted → in review → approved by signed webhooks, ' + 'mails the decision and opens the card gate',
    async () => {
      expect((await nina.json('GET', '/kyc')).body).toMatchObject({ status: 'not_started', submittedAt: null })
      const submitted = await nina.json('POST', '/kyc', await kycBody(nina))
      expect(submitted.status).toBe(201)
      expect(submitted.body).toMatchObject({
        status: 'submitted',
        eta: new Date(t.deps.now().getTime() + 6000).toISOString(),
      })
      await secondsPass(2)
      expect((await nina.json('GET', '/kyc')).body.status).toBe('in_review')
      await secondsPass(4)
      expect((await nina.json('GET', '/kyc')).body).toMatchObject({
        status: 'approved',
        eta: null,
        decidedAt: expect.any(String),
      })
      const mail = await mailTo(persona('new').email)
      expect(mail.map((m) => m.subject)).toEqual(['Your KYC verification: approved'])
      expect(mail[0]!.body).toContain('http://localhost/app/cash/kyc')
      expect((await nina.json('POST', '/kyc', await kycBody(nina))).body.error.code).toBe('verification_open')
    },
  )

  it('leaves applications pending for an admin when the sandbox is set to manual decisions', async () => {
    expect((await admin.json('PUT', '/sandbox/settings', { identityDecisions: 'manual' })).body).toEqual({
      identityDecisions: 'manual',
    })
    expect((await nina.json('POST', '/kyc', await kycBody(nina))).status).toBe(201)
    await secondsPass(60)
    expect((await nina.json('GET', '/kyc')).body.status).toBe('in_review')
    const queue = (await admin.json('GET', '/admin/identity-applications')).body.items as {
      id: string
      userId: string | null
    }[]
    const mine = queue.find((a) => a.userId === persona('new').id)!
    expect(
      (await admin.json('POST', `/admin/identity-applications/${mine.id}/decision`, { decision: 'approved' })).status,
    ).toBe(200)
    expect((await nina.json('GET', '/kyc')).body.status).toBe('approved')
    // Back to automatic: the provider decides a new round by itself again.
    expect((await admin.json('PUT', '/sandbox/settings', { identityDecisions: 'auto' })).body).toEqual({
      identityDecisions: 'auto',
    })
    expect((await nina.json('PUT', '/sandbox/settings', { identityDecisions: 'manual' })).status).toBe(403)
  })

  it('shows a rejection’s reason, then takes a new application that can be approved', async () => {
    await nina.json('POST', '/kyc', await kycBody(nina, 'Rita Reject'))
    await secondsPass(6)
    expect((await nina.json('GET', '/kyc')).body).toMatchObject({
      status: 'rejected',
      reason: 'The document is expired',
    })
    expect((await mailTo(persona('new').email))[0]!.body).toContain('Reason: The document is expired')
    const again = await nina.json('POST', '/kyc', await kycBody(nina, 'Nina Novak'))
    expect(again.body.status).toBe('submitted')
    await secondsPass(6)
    expect((await nina.json('GET', '/kyc')).body.status).toBe('approved')
    const apps = (await admin.json('GET', '/admin/identity-applications?status=all')).body.items.filter(
      (a: { userId: string }) => a.userId === persona('new').id,
    )
    expect(apps.map((a: { status: string }) => a.status).sort()).toEqual(['approved', 'rejected'])
    expect(new Set(apps.map((a: { reference: string }) => a.reference)).size).toBe(2)
  })

  it('asks Mona More for the ID back, takes exactly that document, and approves', async () => {
    await nina.json('POST', '/kyc', await kycBody(nina, 'Mona More'))
    await secondsPass(6)
    const asking = (await nina.json('GET', '/kyc')).body
    expect(asking).toMatchObject({
      status: 'more_info_needed',
      reason: 'ID document (back)',
      requested: { document: 'id_back', subject: null },
    })
    const wrongKind = await nina.json('POST', '/kyc/more-info', { documentId: await uploadId(nina, 'selfie') })
    expect(wrongKind.body.error.fields.documentId).toBe(
      'This file was uploaded as selfie. Upload the id document (back) here.',
    )
    expect(
      (await nina.json('POST', '/kyc/more-info', { documentId: await uploadId(nina, 'id_back') })).body.status,
    ).toBe('submitted')
    await secondsPass(6)
    expect((await nina.json('GET', '/kyc')).body.status).toBe('approved')
  })

  it('refuses an under-18 applicant at the birth date, and documents that are not theirs', async () => {
    const body = await kycBody(nina)
    const young = await nina.json('POST', '/kyc', { ...body, birthDate: '2008-11-22' })
    expect(young).toMatchObject({
      status: 400,
      body: { error: { code: 'underage', fields: { birthDate: 'You must be 18 or older.' } } },
    })
    const paula = await signIn(t.app, 'personal')
    const theirs = await nina.json('POST', '/kyc', { ...body, selfie: await uploadId(paula, 'selfie') })
    expect(theirs.body.error.fields).toEqual({ selfie: 'This file is missing. Upload it again.' })
    expect((await nina.json('GET', '/kyc')).body.status).toBe('not_started')
  })
})

describe('uploads', () => {
  it('refuses a file over 5 MB or of the wrong type at the file field, judging by its bytes', async () => {
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1)
    PNG.copy(big)
    expect((await upload(nina, 'selfie', big)).body.error).toMatchObject({
      code: 'upload_too_large',
      fields: { file: 'This file is larger than 5 MB. Choose a smaller photo or scan.' },
    })
    const huge = Buffer.alloc(MAX_UPLOAD_BYTES * 2)
    const capped = await upload(nina, 'selfie', huge)
    expect(capped.status).toBe(413)
    expect(capped.body.error.fields.file).toContain('larger than 5 MB')
    const gif = await upload(nina, 'id_front', Buffer.from('GIF89a........'), 'photo.png')
    expect(gif.body.error).toMatchObject({
      code: 'upload_type',
      fields: { file: 'This file is not a JPEG or PNG image.' },
    })
    expect((await upload(nina, 'selfie', PDF, 'me.pdf')).body.error.fields.file).toBe(
      'This file is not a JPEG or PNG image.',
    )
    expect((await upload(nina, 'proof_of_address', PDF, 'bill.pdf')).body).toMatchObject({
      kind: 'proof_of_address',
      mime: 'application/pdf',
      size: PDF.length,
    })
  })

  it('lets only platform admins fetch a document, with its bytes, and writes each view to the audit log', async () => {
    const id = await uploadId(nina, 'selfie', JPEG)
    expect((await nina.json('GET', `/admin/identity-documents/${id}`)).status).toBe(403)
    const file = await admin.json('GET', `/admin/identity-documents/${id}`)
    expect(file.body).toMatchObject({ id, mime: 'image/jpeg', content: JPEG.toString('base64') })
    await admin.json('GET', `/admin/identity-documents/${id}`)
    const views = (await admin.json('GET', `/admin/audit?subjectType=identity_document&subjectId=${id}`)).body.items
    expect(views).toEqual([
      expect.objectContaining({
        action: 'identity_document.view',
        actor: { id: persona('admin').id, email: 'admin@demo.cash' },
        subjectId: id,
        after: { kind: 'selfie', applicationId: null, uploadedBy: persona('new').id },
      }),
      expect.objectContaining({ action: 'identity_document.view', subjectId: id }),
    ])
    const missing = '00000000-0000-4000-8000-0000000000aa'
    expect((await admin.json('GET', `/admin/identity-documents/${missing}`)).status).toBe(404)
    expect(
      (await admin.json('GET', `/admin/audit?subjectType=identity_document&subjectId=${missing}`)).body.items,
      'no line for a document that is not there',
    ).toEqual([])
  })
})

describe('the identity webhook', () => {
  const deliver = async (body: string, signature?: string) =>
    t.app.request('/app/cash/api/v1/webhooks/identity', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'cash-signature':
          signature ??
          signWebhook(
            providerKey(t.deps.config.WEBHOOK_SECRET, 'identity'),
            body,
            Math.floor(t.deps.now().getTime() / 1000),
          ),
      },
      body,
    })

  it('refuses a bad signature and applies a retried event once', async () => {
    await nina.json('POST', '/kyc', await kycBody(nina))
    const [app] = (await admin.json('GET', '/admin/identity-applications')).body.items
    const body = JSON.stringify({
      id: 'evt_retry_1',
      type: 'application.decided',
      created: t.deps.now().toISOString(),
      data: { reference: app.reference, round: 1, decision: 'rejected', reason: 'The photo is blurred' },
    })
    expect((await deliver(body, 't=1,v1=00')).status).toBe(401)
    expect((await nina.json('GET', '/kyc')).body.status).toBe('submitted')
    expect(await (await deliver(body)).json()).toMatchObject({ duplicate: false, result: { status: 'rejected' } })
    expect(await (await deliver(body)).json()).toMatchObject({ duplicate: true })
    expect(await mailTo(persona('new').email)).toHaveLength(1)
    // The sandbox provider's own decision, still on its way, no longer changes anything.
    await secondsPass(6)
    expect((await nina.json('GET', '/kyc')).body).toMatchObject({ status: 'rejected', reason: 'The photo is blurred' })
  })

  it('writes a rejection’s reason on one clean line, on the page and in the mail, whatever was sent', async () => {
    await nina.json('POST', '/kyc', await kycBody(nina))
    const [app] = (await admin.json('GET', '/admin/identity-applications')).body.items
    const decided = (id: string, reason: string) =>
      JSON.stringify({
        id,
        type: 'application.decided',
        created: t.deps.now().toISOString(),
        data: { reference: app.reference, round: 1, decision: 'rejected', reason },
      })
    // Nothing left once cleaned is no reason: refused at its field, as one left out, and nothing applies.
    const blank = await deliver(decided('evt_blank_reason', '\n\t\u202e'))
    expect(blank.status).toBe(400)
    expect((await nina.json('GET', '/kyc')).body.status).toBe('submitted')
    const res = await deliver(decided('evt_dirty_reason', 'The photo\n\nis blurred\u202e.\tCall +1 555 0100\u2066'))
    expect(res.status).toBe(200)
    expect((await nina.json('GET', '/kyc')).body).toMatchObject({
      status: 'rejected',
      reason: 'The photo is blurred. Call +1 555 0100',
    })
    const [mail] = await mailTo(persona('new').email)
    expect(mail!.body).toContain('Reason: The photo is blurred. Call +1 555 0100\n\nSee the details')
  })
})

describe('admin decisions', () => {
  it('needs a reason to reject, records who decided, and the provider cannot overrule it', async () => {
    await nina.json('POST', '/kyc', await kycBody(nina))
    const [app] = (await admin.json('GET', '/admin/identity-applications')).body.items
    expect(app.documents.map((d: { kind: string }) => d.kind).sort()).toEqual(['id_back', 'id_front', 'selfie'])
    expect(
      (await nina.json('POST', `/admin/identity-applications/${app.id}/decision`, { decision: 'approved' })).status,
    ).toBe(403)
    expect(
      (await admin.json('POST', `/admin/identity-applications/${app.id}/decision`, { decision: 'rejected' })).body.error
        .fields,
    ).toHaveProperty('reason')
    const decided = await admin.json('POST', `/admin/identity-applications/${app.id}/decision`, {
      decision: 'more_info_needed',
      document: 'selfie',
    })
    expect(decided.body).toMatchObject({
      status: 'more_info_needed',
      requestedDocument: 'selfie',
      decidedBy: { source: 'admin', userId: persona('admin').id },
      decidedAt: t.deps.now().toISOString(),
    })
    await secondsPass(6)
    expect((await nina.json('GET', '/kyc')).body).toMatchObject({
      status: 'more_info_needed',
      requested: { document: 'selfie' },
    })
    expect((await admin.json('GET', '/admin/identity-applications')).body.items).toHaveLength(0)
  })

  it('mails a decision in the applicant’s language: the outcome and the document asked for in Portuguese', async () => {
    await nina.json('PUT', '/profile', { name: 'Nina Novak', language: 'pt-BR', phone: '' })
    await nina.json('POST', '/kyc', await kycBody(nina))
    const [app] = (await admin.json('GET', '/admin/identity-applications')).body.items
    await admin.json('POST', `/admin/identity-applications/${app.id}/decision`, {
      decision: 'more_info_needed',
      document: 'selfie',
    })
    const [mail] = await mailTo(persona('new').email)
    expect(mail).toMatchObject({ subject: 'Sua verificação KYC: precisamos de mais informações' })
    expect(mail!.body).toContain('Motivo: Selfie\n')
    expect(mail!.body).toContain('Veja os detalhes e o que fazer agora: ')
    expect(mail!.body).not.toMatch(/Your|Reason|verification/)
  })

  it('lets the sandbox control decide an application now', async () => {
    await nina.json('POST', '/kyc', await kycBody(nina))
    const [app] = (await admin.json('GET', '/admin/identity-applications')).body.items
    const res = await admin.json('POST', `/sandbox/identity-applications/${app.reference}/decide`, {
      decision: 'approved',
    })
    expect(res.body).toMatchObject({ status: 'approved', ignored: false })
    expect((await nina.json('GET', '/kyc')).body.status).toBe('approved')
  })
})

describe('KYB', () => {
  const acme = ACCOUNT_IDS.acme
  let olivia: Caller
  // Documents are uploaded by whoever submits: Olivia unless a test says otherwise.
  const owner = async (name: string, ownership: string, by = olivia) => ({
    name,
    birthDate: '1980-01-31',
    nationality: 'GB',
    email: `${name.split(' ')[0]!.toLowerCase()}@acme.example`,
    ownership,
    idDocument: { type: 'passport', front: await uploadId(by, 'passport') },
  })
  const kybBody = async (owners: unknown[], by = olivia) => ({
    companyName: 'Acme Labs Ltd',
    registrationNumber: '12345678',
    country: 'GB',
    address: { line1: '1 Old Street', city: 'London', region: 'London', postalCode: 'EC1V 9HL', country: 'GB' },
    owners,
    documents: {
      certificateOfIncorporation: await uploadId(by, 'certificate_of_incorporation', PDF),
      proofOfAddress: await uploadId(by, 'proof_of_address'),
    },
  })

  beforeEach(async () => {
    olivia = await signIn(t.app, 'owner')
    await admin.json('POST', `/sandbox/accounts/${acme}/kyb`, { status: 'not_started' })
  })

  it('refuses a company member, and shares under 25 % or over 100 % at the field', async () => {
    const marco = await signIn(t.app, 'member')
    expect(
      (await marco.json('POST', `/accounts/${acme}/kyb`, await kybBody([await owner('Olivia Okafor', '60')]))).status,
    ).toBe(403)
    const small = await olivia.json(
      'POST',
      `/accounts/${acme}/kyb`,
      await kybBody([await owner('Olivia Okafor', '60'), await owner('Oscar Small', '20')]),
    )
    expect(small.body.error.fields).toEqual({ 'owners.1.ownership': 'A beneficial owner holds 25% or more.' })
    const over = await olivia.json(
      'POST',
      `/accounts/${acme}/kyb`,
      await kybBody([await owner('Olivia Okafor', '60'), await owner('Omar Big', '50')]),
    )
    expect(over.body.error.fields.owners).toContain('more than 100%')
    expect((await olivia.json('GET', `/accounts/${acme}/kyb`)).body.status).toBe('not_started')
  })

  it('approves the company only once it and every owner are approved', async () => {
    const res = await olivia.json(
      'POST',
      `/accounts/${acme}/kyb`,
      await kybBody([await owner('Olivia Okafor', '60'), await owner('Omar Okafor', '40')]),
    )
    expect(res.status).toBe(201)
    expect(res.body.owners).toEqual([
      { name: 'Olivia Okafor', status: 'submitted' },
      { name: 'Omar Okafor', status: 'submitted' },
    ])
    const open = (await admin.json('GET', '/admin/identity-applications')).body.items
    expect(open).toHaveLength(3)
    const company = open.find((a: { kind: string }) => a.kind === 'kyb')
    await admin.json('POST', `/admin/identity-applications/${company.id}/decision`, { decision: 'approved' })
    // The company passed, its owners not yet: in review, not approved.
    expect((await olivia.json('GET', `/accounts/${acme}/kyb`)).body).toMatchObject({
      status: 'in_review',
      owners: [{ status: 'submitted' }, { status: 'submitted' }],
    })
    await secondsPass(2)
    expect((await olivia.json('GET', `/accounts/${acme}/kyb`)).body.status).toBe('in_review')
    await secondsPass(4)
    expect((await olivia.json('GET', `/accounts/${acme}/kyb`)).body.status).toBe('approved')
    expect((await mailTo(persona('owner').email)).map((m) => m.subject)).toEqual(['Your KYB verification: approved'])
  })

  it('rejects the company when an owner is rejected, naming them', async () => {
    await olivia.json(
      'POST',
      `/accounts/${acme}/kyb`,
      await kybBody([await owner('Olivia Okafor', '60'), await owner('Rita Reject', '40')]),
    )
    await secondsPass(6)
    const view = (await olivia.json('GET', `/accounts/${acme}/kyb`)).body
    // The reason is the provider's words; who was rejected is data the page words in its language.
    expect(view).toMatchObject({ status: 'rejected', reason: 'The document is expired' })
    expect(view.owners).toEqual(
      expect.arrayContaining([
        { name: 'Rita Reject', status: 'rejected' },
        { name: 'Olivia Okafor', status: 'approved' },
      ]),
    )
    const [mail] = await mailTo(persona('owner').email)
    expect(mail!.body).toContain('Reason: Beneficial owner Rita Reject: The document is expired')
  })

  it('mails a rejection naming an owner on one line, whatever the name: it adds no paragraph to the mail', async () => {
    const forged = 'Rita Reject\r\n\r\nYour Cash account is locked. Unlock it at https://evil.example/unlock'
    // An owner's name is refused with a line break now; one stored before that still reaches the mail on one line.
    const refused = await olivia.json('POST', `/accounts/${acme}/kyb`, await kybBody([await owner(forged, '100')]))
    expect(refused.status).toBe(400)
    await olivia.json(
      'POST',
      `/accounts/${acme}/kyb`,
      await kybBody([await owner('Olivia Okafor', '60'), await owner('Rita Reject', '40')]),
    )
    await t.deps.db.kysely
      .updateTable('identity_applications')
      .set({ subject_name: forged })
      .where('subject_name', '=', 'Rita Reject')
      .execute()
    await secondsPass(6)
    const [mail] = await mailTo(persona('owner').email)
    expect(mail!.body.split('\n\n')).toEqual([
      'Your KYB verification is now: rejected.',
      'Reason: Beneficial owner Rita Reject Your Cash account is locked. Unlock it at https://evil.example/unlock: ' +
        'The document is expired',
      expect.stringMatching(/^See the details and what to do next: \S+$/),
    ])
  })

  it('mails the decision to its owners, not to an admin who submitted it and has since left the company', async () => {
    const marco = await signIn(t.app, 'member')
    await olivia.json('PUT', `/accounts/${acme}/members/${marco.userId}/role`, { role: 'admin' })
    const body = await kybBody(
      [await owner('Olivia Okafor', '60', marco), await owner('Rita Reject', '40', marco)],
      marco,
    )
    expect((await marco.json('POST', `/accounts/${acme}/kyb`, body)).status).toBe(201)
    expect((await olivia.json('DELETE', `/accounts/${acme}/members/${marco.userId}`)).status).toBe(200)
    await secondsPass(6)
    expect((await olivia.json('GET', `/accounts/${acme}/kyb`)).body.status).toBe('rejected')
    expect(await mailTo(persona('member').email)).toEqual([])
    expect((await mailTo(persona('owner').email)).map((m) => m.subject)).toEqual(['Your KYB verification: rejected'])
  })

  it('asks an owner for a document, takes it for that owner and approves', async () => {
    await olivia.json('POST', `/accounts/${acme}/kyb`, await kybBody([await owner('Mona More', '100')]))
    await secondsPass(6)
    const asking = (await olivia.json('GET', `/accounts/${acme}/kyb`)).body
    expect(asking).toMatchObject({
      status: 'more_info_needed',
      reason: 'ID document (back) of Mona More',
      requested: { document: 'id_back', subject: 'Mona More' },
    })
    // The card gate says which document and whose as data, for a Portuguese page to name it in Portuguese.
    const gate = (await olivia.json('GET', `/accounts/${acme}/card-ordering`)).body.verification
    expect(gate.says).toMatchObject({ document: 'id_back', owner: 'Mona More', status: 'more_info_needed' })
    expect(gate.says).not.toHaveProperty('reason')
    expect(errorText(gate.says, 'pt-BR')).toContain('(Documento de identidade (verso) de Mona More)')
    const sent = await olivia.json('POST', `/accounts/${acme}/kyb/more-info`, {
      applicationId: asking.requested.applicationId,
      documentId: await uploadId(olivia, 'id_back'),
    })
    expect(sent.body).toMatchObject({
      status: 'in_review',
      requested: null,
      owners: [{ name: 'Mona More', status: 'submitted' }],
    })
    await secondsPass(6)
    expect((await olivia.json('GET', `/accounts/${acme}/kyb`)).body.status).toBe('approved')
  })
})
