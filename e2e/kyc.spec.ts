import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { CashApp, freshUser } from './support/cash-app'

// Small valid images and a PDF, made here: the server judges files by their first bytes.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a5a00000000049454e44ae426082', 'hex')
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex')
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
const file = (name: string, buffer: Buffer, mimeType: string) => ({ name, mimeType, buffer })
/** The sandbox provider reviews after 2 s and decides after 6 s; the page polls every 2 s. */
const DECISION = { timeout: 15_000 }

async function signInFresh(page: Page, request: APIRequestContext, tag: string, next: string) {
  const user = await freshUser(request, tag)
  const app = new CashApp(page)
  await app.openSignIn(next)
  await app.submitSignIn(user.email, user.password)
  return user
}

async function upload(page: Page, label: string, f: ReturnType<typeof file>) {
  await page.getByLabel(label, { exact: true }).setInputFiles(f)
  await expect(page.getByText(`Uploaded: ${f.name}`)).toBeVisible()
}

async function fillKyc(page: Page, legalName: string) {
  await page.getByLabel('Full legal name').fill(legalName)
  await page.getByLabel('Date of birth').fill('1990-04-25')
  await page.getByLabel('Nationality (2-letter code, like BR or US)').fill('BR')
  await page.getByLabel('Street and number').fill('Rua Augusta 100')
  await page.getByLabel('City').fill('São Paulo')
  await page.getByLabel('State or region').fill('SP')
  await page.getByLabel('Postal code').fill('01304-000')
  await page.getByLabel('Country (2-letter code, like BR or US)').fill('BR')
  await upload(page, 'Front of the ID card', file('front.jpg', JPEG, 'image/jpeg'))
  await upload(page, 'Back of the ID card', file('back.png', PNG, 'image/png'))
  await upload(page, 'A selfie (your face, clearly visible)', file('selfie.png', PNG, 'image/png'))
  await page.getByRole('button', { name: 'Submit for verification' }).click()
}

test('a new person verifies their identity with photos, follows the review and continues where they were going', async ({ page, request }) => {
  test.setTimeout(60_000)
  await signInFresh(page, request, 'kyc-ok', '/app/cash/kyc?next=/app/cash/order-card/@personal')
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible()
  // Refusals land at the file's field, before anything is sent.
  const selfie = page.getByLabel('A selfie (your face, clearly visible)', { exact: true })
  await selfie.setInputFiles(file('selfie.png', Buffer.from('GIF89a not really a png'), 'image/png'))
  await expect(page.getByTestId('kyc.selfie').getByRole('alert')).toHaveText('This file is not a JPEG or PNG image.')
  await selfie.setInputFiles(file('huge.jpg', Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024)]), 'image/jpeg'))
  await expect(page.getByTestId('kyc.selfie').getByRole('alert')).toHaveText('This file is larger than 5 MB. Choose a smaller photo or scan.')
  await expect(page.getByTestId('kyc.selfie')).toContainText('huge.jpg (5 MB)')
  await page.getByLabel('Date of birth').fill('2020-01-01')
  await page.getByRole('button', { name: 'Submit for verification' }).click()
  await expect(page.getByText('You must be 18 or older.')).toBeVisible()

  await fillKyc(page, 'Test User')
  await expect(page.getByRole('heading', { name: /Submitted|In review/ })).toBeVisible()
  await expect(page.getByText(/We expect a decision by/)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'In review' })).toBeVisible(DECISION)
  await expect(page.getByRole('heading', { name: 'Your identity is verified' })).toBeVisible(DECISION)
  await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/app/cash/order-card/@personal')
})

test('Rita Reject sees why she was rejected and submits again', async ({ page, request }) => {
  test.setTimeout(60_000)
  await signInFresh(page, request, 'kyc-rita', '/app/cash/kyc')
  await fillKyc(page, 'Rita Reject')
  await expect(page.getByRole('heading', { name: 'We could not verify your identity' })).toBeVisible(DECISION)
  await expect(page.getByText('Reason: The document is expired')).toBeVisible()
  await page.getByRole('button', { name: 'Submit again' }).click()
  await fillKyc(page, 'Rita Renewed')
  await expect(page.getByRole('heading', { name: 'Your identity is verified' })).toBeVisible(DECISION)
})

test('a company owner verifies the business with a beneficial owner and company documents', async ({ page, request }) => {
  test.setTimeout(60_000)
  const user = await freshUser(request, 'kyb-owner')
  const signIn = await request.post('/app/cash/api/v1/auth/sign-in', { data: { email: user.email, password: user.password, client: 'native' } })
  const { token } = (await signIn.json()) as { token: string }
  const opened = await request.post('/app/cash/api/v1/accounts', { headers: { authorization: `Bearer ${token}` }, data: { kind: 'corporate', name: 'Test Widgets Ltd' } })
  expect(opened.status()).toBe(201)
  const app = new CashApp(page)
  await app.openSignIn('/app/cash/kyb')
  await app.submitSignIn(user.email, user.password)
  await expect(page.getByRole('heading', { name: 'Verify your business' })).toBeVisible()
  await page.getByLabel('Registered company name').fill('Test Widgets Ltd')
  await page.getByLabel('Registration number').fill('09876543')
  await page.getByLabel('Country of registration (2-letter code, like GB or BR)').fill('GB')
  await page.getByLabel('Street and number').fill('1 Old Street')
  await page.getByLabel('City').fill('London')
  await page.getByLabel('State or region').fill('London')
  await page.getByLabel('Postal code').fill('EC1V 9HL')
  await page.getByLabel('Country (2-letter code, like BR or US)').fill('GB')
  const owner = page.getByTestId('kyb.owner.0')
  await owner.getByLabel('Full legal name').fill('Test User')
  await owner.getByLabel('Date of birth').fill('1985-07-01')
  await owner.getByLabel('Nationality (2-letter code)').fill('GB')
  await owner.getByLabel('E-mail').fill(user.email)
  await owner.getByLabel('Ownership (%)').fill('20')
  await owner.getByLabel('Passport (photo page)').check()
  await upload(page, 'Passport photo page (Beneficial owner 1)', file('passport.jpg', JPEG, 'image/jpeg'))
  await upload(page, 'Certificate of incorporation', file('certificate.pdf', PDF, 'application/pdf'))
  await upload(page, 'Proof of the company’s address', file('bill.png', PNG, 'image/png'))
  await page.getByRole('button', { name: 'Submit for verification' }).click()
  await expect(owner.getByText('A beneficial owner holds 25 % or more.')).toBeVisible()
  await owner.getByLabel('Ownership (%)').fill('100')
  await page.getByRole('button', { name: 'Submit for verification' }).click()
  await expect(page.getByRole('list', { name: 'Beneficial owners' })).toContainText('Test User')
  await expect(page.getByRole('heading', { name: 'Your company is verified' })).toBeVisible(DECISION)
})
