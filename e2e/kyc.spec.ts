import { expect, test } from './support/fixtures'
import { CashApp, freshUser } from './support/cash-app'
import { file, fillKyb, fillKyc, JPEG, providerDecides, providerReviews, signInFresh } from './support/identity'

test(
  'a new person verifies their identity with photos, ' + 'follows the review and continues where they were going',
  async ({ page, request, serverClock }) => {
    await signInFresh(page, request, 'kyc-ok', '/app/cash/kyc?next=/app/cash/order-card/@personal')
    await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible()
    // Refusals land at the file's field, before anything is sent.
    const selfie = page.getByLabel('A selfie (your face, clearly visible)', { exact: true })
    await selfie.setInputFiles(file('selfie.png', Buffer.from('GIF89a not really a png'), 'image/png'))
    await expect(page.getByTestId('kyc.selfie').getByRole('alert')).toHaveText('This file is not a JPEG or PNG image.')
    await selfie.setInputFiles(file('huge.jpg', Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024)]), 'image/jpeg'))
    await expect(page.getByTestId('kyc.selfie').getByRole('alert')).toHaveText(
      'This file is larger than 5 MB. Choose a smaller photo or scan.',
    )
    await expect(page.getByTestId('kyc.selfie')).toContainText('huge.jpg (5 MB)')
    await page.getByLabel('Date of birth').fill('2020-01-01')
    await page.getByRole('button', { name: 'Submit for verification' }).click()
    await expect(page.getByText('You must be 18 or older.')).toBeVisible()

    await fillKyc(page, 'Test User')
    await expect(page.getByRole('heading', { name: /Submitted|In review/ })).toBeVisible()
    await expect(page.getByText(/We expect a decision by/)).toBeVisible()
    await providerReviews(serverClock)
    await expect(page.getByRole('heading', { name: 'In review' })).toBeVisible()
    await providerDecides(serverClock, { reviewed: true })
    await expect(page.getByRole('heading', { name: 'Your identity is verified' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/app/cash/order-card/@personal')
  },
)

test('Rita Reject sees why she was rejected and submits again', async ({ page, request, serverClock }) => {
  await signInFresh(page, request, 'kyc-rita', '/app/cash/kyc')
  await fillKyc(page, 'Rita Reject')
  await expect(page.getByText(/We expect a decision by/)).toBeVisible()
  await providerDecides(serverClock)
  await expect(page.getByRole('heading', { name: 'We could not verify your identity' })).toBeVisible()
  await expect(page.getByText('Reason: The document is expired')).toBeVisible()
  await page.getByRole('button', { name: 'Submit again' }).click()
  await fillKyc(page, 'Rita Renewed')
  await expect(page.getByText(/We expect a decision by/)).toBeVisible()
  await providerDecides(serverClock)
  await expect(page.getByRole('heading', { name: 'Your identity is verified' })).toBeVisible()
})

test('a company owner verifies the business with a beneficial owner and company documents', async ({
  page,
  request,
  serverClock,
}) => {
  const user = await freshUser(request, 'kyb-owner')
  const signIn = await request.post('/app/cash/api/v1/auth/sign-in', {
    data: { email: user.email, password: user.password, client: 'native' },
  })
  const { token } = (await signIn.json()) as { token: string }
  const opened = await request.post('/app/cash/api/v1/accounts', {
    headers: { authorization: `Bearer ${token}` },
    data: { kind: 'corporate', name: 'Test Widgets Ltd' },
  })
  expect(opened.status()).toBe(201)
  const app = new CashApp(page)
  await app.openSignIn('/app/cash/kyb')
  await app.submitSignIn(user.email, user.password)
  await expect(page.getByRole('heading', { name: 'Verify your business' })).toBeVisible()
  await fillKyb(page, { name: 'Test Widgets Ltd', ownerName: 'Test User', ownerEmail: user.email, share: '20' })
  const owner = page.getByTestId('kyb.owner.0')
  await expect(owner.getByText('A beneficial owner holds 25% or more.')).toBeVisible()
  await owner.getByLabel('Ownership (%)').fill('100')
  await page.getByRole('button', { name: 'Submit for verification' }).click()
  await expect(page.getByRole('list', { name: 'Beneficial owners' })).toContainText('Test User')
  await providerDecides(serverClock)
  await expect(page.getByRole('heading', { name: 'Your company is verified' })).toBeVisible()
})
