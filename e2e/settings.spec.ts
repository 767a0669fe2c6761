import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { privateKeyToAccount } from 'viem/accounts'
import { ACCOUNT_IDS } from '../fixtures/personas'
import { apiAs } from './support/api'
import { CashApp, freshUser } from './support/cash-app'

// A well-known test key (Anvil account 2): it holds nothing anywhere that matters.
const testWallet = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')

/** Gives the page a `window.ethereum` that answers like a wallet extension, signing on the Node side. */
async function injectWallet(page: Page) {
  await page.exposeFunction('__e2eSign', (hex: `0x${string}`) => testWallet.signMessage({ message: { raw: hex } }))
  await page.addInitScript((address) => {
    const sign = (window as unknown as { __e2eSign: (hex: string) => Promise<string> }).__e2eSign
    Object.assign(window, {
      ethereum: {
        request: async ({ method, params }: { method: string; params?: unknown[] }) => {
          if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address]
          if (method === 'eth_chainId') return '0x1'
          if (method === 'personal_sign') return sign(params![0] as string)
          throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 })
        },
      },
    })
  }, testWallet.address)
}

async function signInWith(page: Page, email: string, password: string) {
  const app = new CashApp(page)
  await app.openSignIn()
  await app.submitSignIn(email, password)
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible()
}

test('profile details: a field error first, then the saved language takes over the page', async ({ page, request }) => {
  const paula = await apiAs(request, 'personal')
  const before = await paula.get('/profile')
  try {
    await new CashApp(page).useSession('personal')
    await page.goto('/app/cash/settings')
    await page.getByRole('link', { name: /Profile details/ }).click()
    await expect(page.getByLabel('Login e-mail')).toHaveValue('personal@demo.cash')
    await expect(page.getByText('Changing the e-mail you sign in with is not available here yet')).toBeVisible()
    await expect(page.getByLabel('Time zone')).toHaveValue('America/Sao_Paulo')
    await page.getByLabel('Phone (optional)').fill('98765-4321')
    await page.getByLabel('Time zone').fill('America/Recife')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Enter the number with + and the country code')).toBeVisible()
    await page.getByLabel('Phone (optional)').fill('+55 81 98765 4321')
    await page.getByLabel('Português (Brasil)').check()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('status')).toHaveText('Salvo.')
    await expect(page.getByLabel('Telefone (opcional)')).toHaveValue('+55 81 98765 4321')
    const limits = (await paula.get(`/accounts/${ACCOUNT_IDS.personal}/limits`)) as { timeZone: string }
    expect(limits.timeZone).toBe('America/Recife')
    expect(await paula.get('/profile')).toMatchObject({ phone: '+5581987654321', language: 'pt-BR' })
  } finally {
    await paula.put('/profile', {
      name: before.name,
      language: before.language,
      phone: before.phone ?? '',
      timeZone: before.timeZone.value,
    })
  }
})

test('vault e-mail: verified with the code from the mail', async ({ page, request }) => {
  const user = await freshUser(request, 'vault')
  const admin = await apiAs(request, 'admin')
  await signInWith(page, user.email, user.password)
  await page.goto('/app/cash/settings/vault-email')
  const vault = `vault-${Date.now()}@example.com`
  await page.getByLabel('New vault e-mail').fill('not-an-address')
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByText('Enter an e-mail address like name@example.com.')).toBeVisible()
  await page.getByLabel('New vault e-mail').fill(vault)
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByTestId('vault.pending')).toContainText(vault)
  await expect(page.getByTestId('vault.pending')).toContainText('Unverified')
  const mail = (await admin.get(`/sandbox/mail?to=${encodeURIComponent(vault)}`)) as { items: { subject: string }[] }
  const code = mail.items[0]!.subject.match(/(\d{6})$/)![1]!
  await page.getByLabel('Code from the e-mail').fill(code === '000000' ? '111111' : '000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('That code is not right. 4 tries left.')).toBeVisible()
  await page.getByLabel('Code from the e-mail').fill(code)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('status')).toHaveText(`Verified: ${vault} is now your vault e-mail.`)
  await expect(page.getByTestId('vault.verified')).toContainText(vault)
  await expect(page.getByTestId('vault.pending')).toHaveCount(0)
})

test('wallets: linked by signing and the password, then used to sign in, then unlinked', async ({ page, request }) => {
  const user = await freshUser(request, 'wallet')
  await injectWallet(page)
  await signInWith(page, user.email, user.password)
  await page.goto('/app/cash/settings/wallets')
  await expect(page.getByText('No wallets linked yet.')).toBeVisible()
  await page.getByRole('button', { name: 'Link a wallet' }).click()
  // Signed by the wallet; linking waits for the password, as unlinking does, and a wrong one links nothing.
  await expect(page.getByTestId('confirm.summary')).toContainText(testWallet.address)
  await page.getByLabel('Your password').fill('wrong-password-here')
  await page.getByRole('button', { name: 'Link wallet', exact: true }).click()
  await expect(page.getByText('That password is not right.')).toBeVisible()
  await page.getByLabel('Your password').fill(user.password)
  await page.getByRole('button', { name: 'Link wallet', exact: true }).click()
  await expect(page.getByRole('status')).toHaveText(`Wallet ${testWallet.address} linked.`)
  await expect(page.getByTestId('wallets.item')).toContainText(testWallet.address)

  // Signed out: the session cookie is gone.
  await page.context().clearCookies()
  const app = new CashApp(page)
  await app.openSignIn()
  await page.getByRole('button', { name: 'Sign in with a wallet' }).click()
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible()
  const session = await page.evaluate(() => fetch('/app/cash/api/v1/auth/session').then((r) => r.json()))
  expect(session.user.email).toBe(user.email)

  await page.goto('/app/cash/settings/wallets')
  await page.getByRole('button', { name: `Unlink ${testWallet.address}` }).click()
  await page.getByLabel('Your password').fill('wrong-password-here')
  await page.getByRole('button', { name: 'Unlink' }).click()
  await expect(page.getByText('That password is not right.')).toBeVisible()
  await page.getByLabel('Your password').fill(user.password)
  await page.getByRole('button', { name: 'Unlink' }).click()
  await expect(page.getByRole('status')).toHaveText('Wallet unlinked.')
  await expect(page.getByText('No wallets linked yet.')).toBeVisible()
})

test('signing in with a wallet nobody linked points to password sign-in; no wallet at all is said plainly', async ({
  page,
}) => {
  const app = new CashApp(page)
  await app.openSignIn()
  await page.getByRole('button', { name: 'Sign in with a wallet' }).click()
  await expect(page.getByRole('alert')).toHaveText(/No wallet found in this browser/)
  await injectWallet(page)
  await app.openSignIn()
  await page.getByRole('button', { name: 'Sign in with a wallet' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    /not linked to a Cash account\. Sign in with your e-mail and password/,
  )
})
