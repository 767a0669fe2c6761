import { expect, test } from './support/fixtures'
import { ACCOUNT_IDS } from '../fixtures/personas'
import { apiAs } from './support/api'
import { CashApp } from './support/cash-app'

test('an owner invites someone new, who signs up from the link, joins Acme, and is removed again', async ({
  page,
  browser,
  request,
}) => {
  const app = new CashApp(page)
  const email = `invitee-${Date.now()}@example.com`
  await app.useSession('owner')
  await page.goto('/app/cash/people')
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible()
  await expect(page.getByRole('listitem', { name: 'Marco Moreau' })).toContainText('member@acme.demo.cash')

  await page.getByLabel('Their e-mail').fill('not-an-email')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText('Enter an e-mail address like name@example.com.')).toBeVisible()
  await page.getByLabel('Their e-mail').fill(email)
  await page.getByRole('form', { name: 'Invite someone' }).getByLabel('Role', { exact: true }).selectOption('member')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByRole('status')).toContainText(`Invitation sent to ${email}`)
  await expect(page.getByRole('region', { name: 'Pending invitations' })).toContainText(email)

  const admin = await apiAs(request, 'admin')
  const mail = (await admin.get(`/sandbox/mail?to=${encodeURIComponent(email)}`)) as { items: { body: string }[] }
  const link = /(https?:\/\/\S+accept-invite\?token=[\w-]+)/.exec(mail.items[0]!.body)![1]!

  const invitee = await browser.newContext()
  const guest = await invitee.newPage()
  await guest.goto(new URL(link).pathname + new URL(link).search)
  await expect(guest.getByText('Olivia Okafor invited you to join Acme Labs Ltd as Member.')).toBeVisible()
  const form = guest.getByRole('form', { name: 'New to Cash? Create your account to accept.' })
  await expect(form.getByLabel('E-mail')).toHaveValue(email)
  await form.getByLabel('Full name').fill('Ivo Invitee')
  await form.getByLabel('Password').fill('a-long-password-1')
  await form.getByRole('button', { name: 'Create account' }).click()
  await guest.getByRole('button', { name: 'Join Acme Labs Ltd' }).click()
  await expect(guest.getByRole('heading', { name: 'Home' })).toBeVisible()
  await expect(guest.getByTestId('home.balances')).toContainText('USDT')
  await expect(guest.getByRole('link', { name: 'Cards' })).toHaveAttribute('href', '/app/cash/card/@corporate')
  await guest.getByRole('link', { name: 'People' }).click()
  await expect(guest.getByText('Only owners and admins can invite people or change roles.')).toBeVisible()
  await expect(guest.getByRole('listitem', { name: 'Ivo Invitee' })).toContainText('(you)')

  // The same link a second time says it was used, and what to do.
  await guest.goto(new URL(link).pathname + new URL(link).search)
  await expect(guest.getByRole('alert')).toContainText('This invitation has already been used.')

  // Leave the persona as found: the owner removes the new person.
  await page.reload()
  const row = page.getByRole('listitem', { name: 'Ivo Invitee' })
  await row.getByRole('button', { name: 'Remove Ivo Invitee' }).click()
  await row.getByRole('button', { name: 'Yes, remove' }).click()
  await expect(page.getByRole('status')).toContainText('Ivo Invitee was removed.')
  await expect(page.getByRole('listitem', { name: 'Ivo Invitee' })).toHaveCount(0)
  const people = (await (await apiAs(request, 'owner')).get(`/accounts/${ACCOUNT_IDS.acme}/members`)) as {
    people: unknown[]
  }
  expect(people.people).toHaveLength(2)
  await invitee.close()
})

test('the waitlist takes an e-mail, checks it at the field, and answers the same twice', async ({ page }) => {
  const email = `wait-${Date.now()}@example.com`
  for (let i = 0; i < 2; i++) {
    await page.goto('/app/cash/waitlist')
    await expect(page.getByRole('heading', { name: 'Join the waitlist' })).toBeVisible()
    if (i === 0) {
      await page.getByLabel('E-mail').fill('nope')
      await page.getByRole('button', { name: 'Join the waitlist' }).click()
      await expect(page.getByText('Enter an e-mail address like name@example.com.')).toBeVisible()
    }
    await page.getByLabel('E-mail').fill(email)
    await page.getByRole('button', { name: 'Join the waitlist' }).click()
    await expect(page.getByRole('status')).toHaveText(
      `You’re on the list. We will write to ${email} when you can sign up.`,
    )
  }
})

test('a bad invitation link says so and reveals nothing', async ({ page }) => {
  await page.goto(`/app/cash/accept-invite?token=${'A'.repeat(43)}`)
  await expect(page.getByRole('alert')).toContainText('This invitation link is not valid.')
  await expect(page.getByRole('button', { name: /Join/ })).toHaveCount(0)
})
