import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { apiAs } from './support/api'
import { CashApp, freshUser } from './support/cash-app'

/** A forgotten password, reset end to end through the mailed link (issue 19). Fresh users: the personas keep theirs. */

/** The reset link in the newest reset mail to `email`, read from the development outbox as an admin. */
async function resetLinkFor(request: APIRequestContext, email: string): Promise<string> {
  const admin = await apiAs(request, 'admin')
  const mail = (
    (await admin.get(`/sandbox/mail?to=${encodeURIComponent(email)}`)) as {
      items: { template: string; body: string }[]
    }
  ).items.find((m) => m.template === 'passwordReset')
  expect(mail, `a reset mail to ${email}`).toBeDefined()
  return /https?:\/\/\S+[?&]step=reset-password&token=[\w-]+/.exec(mail!.body)![0]
}

test('a forgotten password is reset through the link in the mail, and only the new one signs in', async ({
  page,
  request,
}) => {
  const user = await freshUser(request, 'reset')
  const newPassword = 'a-brand-new-password-2'
  const app = new CashApp(page)
  await app.openSignIn()
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
  await page.getByLabel('E-mail').fill('not-an-address')
  await page.getByRole('button', { name: 'Send the link' }).click()
  await expect(page.getByText('Enter an e-mail address like name@example.com.')).toBeVisible()
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByRole('button', { name: 'Send the link' }).click()
  await expect(page.getByRole('status')).toHaveText(
    new RegExp(`^If an account exists for ${user.email.replace(/[.]/g, '\\.')}, we sent it a link`),
  )

  const link = await resetLinkFor(request, user.email)
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await expect(page.getByText(`For ${user.email}.`)).toBeVisible()
  // The token leaves the address bar (history, bookmarks, the next page's Referer).
  expect(page.url()).not.toContain('token=')
  await page.getByLabel('New password').fill('too-short')
  await page.getByRole('button', { name: 'Save the new password' }).click()
  await expect(page.getByText('Use at least 10 characters for your password.')).toBeVisible()
  await page.getByLabel('New password').fill(newPassword)
  await page.getByRole('button', { name: 'Save the new password' }).click()

  await expect(page.getByRole('status')).toHaveText(
    /^Your password is changed, and every device that was signed in to your account is signed out\./,
  )
  await expect(page.getByRole('heading', { name: 'Sign in to Cash' })).toBeVisible()
  await expect(page.getByLabel('E-mail')).toHaveValue(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText('That e-mail and password do not match an account.')).toBeVisible()
  await page.getByLabel('Password', { exact: true }).fill(newPassword)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible()

  // The link worked once: opened again, the page says so, with the way to a new one.
  await page.goto(link)
  await expect(page.getByRole('alert')).toHaveText(
    'This password reset link was already used. Sign in with your new password, or ask for a new link.',
  )
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible()
})

test.describe('in Portuguese', () => {
  test.use({ locale: 'pt-BR' })

  test('an expired link says so at the page, and the new password is checked at its field', async ({
    page,
    request,
    serverClock,
  }) => {
    const user = await freshUser(request, 'reset-pt')
    await page.goto('/app/cash/sign-in?step=forgot-password')
    await expect(page.getByRole('heading', { name: 'Redefina sua senha' })).toBeVisible()
    await page.getByLabel('E-mail').fill(user.email)
    await page.getByRole('button', { name: 'Enviar o link' }).click()
    await expect(page.getByRole('status')).toContainText(`Se existir uma conta para ${user.email}`)

    await page.goto(await resetLinkFor(request, user.email))
    await expect(page.getByRole('heading', { name: 'Escolha uma nova senha' })).toBeVisible()
    await page.getByLabel('Nova senha').fill('curta')
    await page.getByRole('button', { name: 'Salvar a nova senha' }).click()
    await expect(page.getByText('Use pelo menos 10 caracteres na sua senha.')).toBeVisible()

    await serverClock.advance(31 * 60)
    await page.getByLabel('Nova senha').fill('uma-senha-nova-e-longa')
    await page.getByRole('button', { name: 'Salvar a nova senha' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'Este link de redefinição de senha expirou (um link vale por 30 minutos). Peça um novo.',
    )
    await page.getByRole('link', { name: 'Pedir um novo link' }).click()
    await expect(page.getByRole('heading', { name: 'Redefina sua senha' })).toBeVisible()
  })
})
