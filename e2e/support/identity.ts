import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { IDENTITY_SANDBOX_DELAYS } from '../../server/identity/identity-provider'
import { apiAsUser } from './api'
import { CashApp, freshUser } from './cash-app'
import type { ServerClock } from './fixtures'

// Small valid images and a PDF, made here: the server judges files by their first bytes.
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a5a0' +
    '0000000049454e44ae426082',
  'hex',
)
export const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex')
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
export const file = (name: string, buffer: Buffer, mimeType: string) => ({ name, mimeType, buffer })
/** The sandbox provider starts its review 2 s after a submission: the clock moves there at once. */
export const providerReviews = (clock: ServerClock) => clock.advance(IDENTITY_SANDBOX_DELAYS.inReviewSeconds)

/** The sandbox provider decides 6 s after a submission (call after providerReviews: `reviewed`). */
export const providerDecides = (clock: ServerClock, { reviewed = false } = {}) =>
  clock.advance(IDENTITY_SANDBOX_DELAYS.decisionSeconds - (reviewed ? IDENTITY_SANDBOX_DELAYS.inReviewSeconds : 0))

export async function signInFresh(page: Page, request: APIRequestContext, tag: string, next: string) {
  const user = await freshUser(request, tag)
  const app = new CashApp(page)
  await app.openSignIn(next)
  await app.submitSignIn(user.email, user.password)
  return user
}

export async function upload(page: Page, label: string, f: ReturnType<typeof file>) {
  await page.getByLabel(label, { exact: true }).setInputFiles(f)
  await expect(page.getByText(`Uploaded: ${f.name}`)).toBeVisible()
}

/** The address fields every form shares (KYC, KYB, card shipping). */
export async function fillAddress(
  page: Page,
  a: { line1: string; city: string; region: string; postalCode: string; country: string },
) {
  await page.getByLabel('Street and number').fill(a.line1)
  await page.getByLabel('City').fill(a.city)
  await page.getByLabel('State or region').fill(a.region)
  await page.getByLabel('Postal code').fill(a.postalCode)
  await page.getByLabel('Country', { exact: true }).selectOption(a.country)
}

export const SAO_PAULO = {
  line1: 'Rua Augusta 100',
  city: 'São Paulo',
  region: 'SP',
  postalCode: '01304-000',
  country: 'BR',
}

export async function fillKyc(page: Page, legalName: string) {
  await page.getByLabel('Full legal name').fill(legalName)
  await page.getByLabel('Date of birth').fill('1990-04-25')
  await page.getByLabel('Nationality', { exact: true }).selectOption('BR')
  await fillAddress(page, SAO_PAULO)
  await upload(page, 'Front of the ID card', file('front.jpg', JPEG, 'image/jpeg'))
  await upload(page, 'Back of the ID card', file('back.png', PNG, 'image/png'))
  await upload(page, 'A selfie (your face, clearly visible)', file('selfie.png', PNG, 'image/png'))
  await page.getByRole('button', { name: 'Submit for verification' }).click()
}

/** Fills and submits the KYB form for a company with one beneficial owner holding `share` %. */
export async function fillKyb(
  page: Page,
  company: { name: string; ownerName: string; ownerEmail: string; share: string },
) {
  await page.getByLabel('Registered company name').fill(company.name)
  await page.getByLabel('Registration number').fill('09876543')
  await page.getByLabel('Country of registration').selectOption('GB')
  await fillAddress(page, {
    line1: '1 Old Street',
    city: 'London',
    region: 'London',
    postalCode: 'EC1V 9HL',
    country: 'GB',
  })
  const owner = page.getByTestId('kyb.owner.0')
  await owner.getByLabel('Full legal name').fill(company.ownerName)
  await owner.getByLabel('Date of birth').fill('1985-07-01')
  await owner.getByLabel('Nationality', { exact: true }).selectOption('GB')
  await owner.getByLabel('E-mail').fill(company.ownerEmail)
  await owner.getByLabel('Ownership (%)').fill(company.share)
  await owner.getByLabel('Passport (photo page)').check()
  await upload(page, 'Passport photo page (Beneficial owner 1)', file('passport.jpg', JPEG, 'image/jpeg'))
  await upload(page, 'Certificate of incorporation', file('certificate.pdf', PDF, 'application/pdf'))
  await upload(page, 'Proof of the company’s address', file('bill.png', PNG, 'image/png'))
  await page.getByRole('button', { name: 'Submit for verification' }).click()
}

/** Signs up through the sign-up page and lands on home. */
export async function signUpInBrowser(page: Page, who: { name: string; email: string; password: string }) {
  await page.goto('/app/cash/sign-up')
  await page.getByLabel('Full name').fill(who.name)
  await page.getByLabel('E-mail').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible()
}

/** A fresh person who submits KYC as `legalName` through the API; answers their e-mail and API client. */
export async function submitKyc(request: APIRequestContext, tag: string, legalName: string) {
  const user = await freshUser(request, tag)
  const api = await apiAsUser(request, user.email, user.password)
  const doc = async (kind: string, bytes: Buffer) =>
    (
      (await api.post('/identity/documents', { kind, fileName: `${kind}.bin`, content: bytes.toString('base64') })) as {
        id: string
      }
    ).id
  const address = { line1: 'Rua Augusta 100', city: 'São Paulo', region: 'SP', postalCode: '01304-000', country: 'BR' }
  await api.post('/kyc', {
    legalName,
    birthDate: '1990-04-25',
    address,
    nationality: 'BR',
    idDocument: { type: 'id_card', front: await doc('id_front', JPEG), back: await doc('id_back', PNG) },
    selfie: await doc('selfie', PNG),
  })
  return { email: user.email, api }
}
