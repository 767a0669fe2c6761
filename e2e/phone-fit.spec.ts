import { expect, test } from './support/fixtures'
import { byName, confirmWithPassword, fillAddress, submit, uploadAll, walkFlows, type Flow } from './support/phone-walk'

/**
 * Every step of every multi-step form fits a phone (DESIGN.md, Layout): each flow is walked once in English in light
 * and once in Portuguese (whose strings run longer) in dark, at a desktop window; at each step the page is measured at
 * 320 px without walking it again (e2e/support/fit.ts). The
 * route walk (route-walk.spec.ts) measures every route's first screen the same way; this walks what only a form's steps
 * show: errors at the fields, quotes, confirm sheets, recipients, results, audit entries.
 */
test.describe.configure({ mode: 'parallel' })

const FLOWS: Flow[] = [
  {
    name: 'sign-up, then opening a personal account',
    who: null,
    walk: async ({ page, say, step }) => {
      await page.goto('/app/cash/sign-up')
      await step('sign-up form')
      await submit(page).click()
      await expect(page.getByRole('alert').first()).toBeVisible()
      await step('sign-up with errors at the fields')
      await byName(page, 'name').fill('Maria Aparecida dos Santos Oliveira')
      await byName(page, 'email').fill(`fit-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`)
      await byName(page, 'password').fill('a-long-password-1')
      await submit(page).click()
      await expect(page.getByRole('heading', { name: say('Home'), level: 1 })).toBeVisible()
      await step('home, just signed up')
      await page.goto('/app/cash/onboarding/personal')
      await step('onboarding: open the account')
      await page.getByLabel(say('Time zone')).selectOption('America/Sao_Paulo')
      await page.getByRole('button', { name: say('Open account') }).click()
      await expect(
        page.getByRole('heading', { name: say('onboarding.progress', { done: '1', total: '4' }) }),
      ).toBeVisible()
      await step('onboarding: account open, verify next')
    },
  },
  {
    name: 'identity verification (KYC)',
    who: 'fresh',
    walk: async ({ page, say, step }) => {
      await page.goto('/app/cash/kyc')
      await expect(page.getByRole('button', { name: say('Submit for verification') })).toBeVisible()
      await step('KYC form')
      await page.getByRole('button', { name: say('Submit for verification') }).click()
      await step('KYC form with errors at the fields')
      await byName(page, 'legalName').fill('Maria Aparecida dos Santos Oliveira')
      await byName(page, 'birthDate').fill('1990-04-25')
      await byName(page, 'nationality').selectOption('BR')
      await fillAddress(page, 'address')
      await uploadAll(page)
      await step('KYC form filled, files uploaded')
      await page.getByRole('button', { name: say('Submit for verification') }).click()
      await expect(page.getByTestId('identity.status')).toBeVisible()
      await step('KYC submitted')
    },
  },
  {
    name: 'business verification (KYB)',
    who: 'corporate-fresh',
    walk: async ({ page, say, step }) => {
      await page.goto('/app/cash/kyb')
      await expect(page.getByRole('button', { name: say('Submit for verification') })).toBeVisible()
      await step('KYB form')
      await page.getByRole('button', { name: say('Submit for verification') }).click()
      await step('KYB form with errors at the fields')
      await page.getByRole('button', { name: say('kyb.owners.add') }).click()
      await step('KYB form with two owners')
    },
  },
  {
    name: 'issuing a company card',
    who: 'owner',
    walk: async ({ page, say, step }) => {
      await page.goto('/app/cash/card/@corporate/add')
      await expect(page.getByLabel(say('Cardholder'))).toBeVisible()
      await step('issue form')
      await byName(page, 'daily').fill('75')
      await submit(page).click()
      await expect(page).toHaveURL(/\/card\/@corporate$/)
      await step('issued: the company cards')
    },
  },
  {
    name: 'a bank send to a new IBAN recipient',
    who: 'personal',
    walk: async (w) => {
      const { page, say, step } = w
      await page.goto('/app/cash/bank/send/add')
      await step('add a recipient: how')
      await page.getByRole('link', { name: say('Enter bank details') }).click()
      await step('bank details')
      await page.getByLabel(say('Europe (IBAN, euros)')).check()
      await page.getByLabel(say('Account holder’s name')).fill('Hans-Joachim Müller-Lüdenscheidt')
      await page.getByLabel(say('IBAN'), { exact: true }).fill('DE88 3704 0044 0532 0130 00')
      await page.getByRole('button', { name: say('Save recipient') }).click()
      await expect(page.getByRole('alert').first()).toBeVisible()
      await step('bank details refused')
      await page.getByLabel(say('IBAN'), { exact: true }).fill('DE89 3704 0044 0532 0130 00')
      await page.getByRole('button', { name: say('Save recipient') }).click()
      await expect(page).toHaveURL(/\/app\/cash\/bank\/send\?recipient=/)
      await page.getByLabel(say('Amount in USD')).fill('108')
      await expect(page.getByTestId('bank.quote')).toBeVisible()
      await step('amount and quote')
      await page.getByRole('button', { name: say('Review') }).click()
      await confirmWithPassword(w, 'Confirm and send')
      await expect(page.getByTestId('bank.sent')).toBeVisible()
      await step('sent')
    },
  },
  {
    name: 'a bank send to a bank linked with Plaid',
    who: 'personal',
    walk: async ({ page, say, step }) => {
      await page.goto('/app/cash/bank/send/add')
      await page.getByRole('link', { name: say('Link your bank with Plaid') }).click()
      await step('Plaid: choose a bank')
      await page.getByRole('button', { name: 'Tartan Bank' }).click()
      await step('Plaid: sign in to the bank')
      await page.getByLabel(say('Bank username')).fill('user_good')
      await page.getByLabel(say('Bank password')).fill('pass_good')
      await page.getByRole('button', { name: say('Continue') }).click()
      await step('Plaid: the code')
      await page.getByLabel(say('Code')).fill('1234')
      await page.getByRole('button', { name: say('Continue') }).click()
      await expect(page.getByLabel(/Plaid Saving •••• 1111/)).toBeVisible()
      await step('Plaid: choose an account')
      await page.getByLabel(/Plaid Saving •••• 1111/).check()
      await page.getByRole('button', { name: say('Link account') }).click()
      await expect(page).toHaveURL(/\/app\/cash\/bank\/send\?recipient=/)
      await expect(page.getByLabel(say('bank.send.recipient'))).toContainText('Plaid Saving')
      await step('send: the linked recipient')
      await page.getByLabel(say('Amount in USD')).fill('20')
      await expect(page.getByTestId('bank.quote')).toBeVisible()
      await page.getByRole('button', { name: say('Review') }).click()
      await expect(page.getByLabel(say('Your password'))).toBeVisible()
      await step('send: review')
    },
  },
  {
    name: 'a PIX payment',
    who: 'personal',
    walk: async (w) => {
      const { page, say, step } = w
      await page.goto('/app/cash/pix/send')
      await page
        .getByLabel(say('PIX key or code'))
        .fill(
          '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano ' +
            'de Tal6008BRASILIA62070503***63041D3D',
        )
      await page.getByLabel(say('Amount in reais')).fill('50')
      await step('key and amount')
      await page.getByRole('button', { name: say('Continue') }).click()
      await expect(page.getByTestId('pix-send.recipient')).toBeVisible()
      await confirmWithPassword(w, 'Confirm and send')
      await expect(page.getByRole('status').first()).toBeVisible()
      await step('paid')
    },
  },
  {
    name: 'a crypto withdrawal',
    who: 'personal',
    walk: async (w) => {
      const { page, say, step } = w
      await page.goto('/app/cash/withdraw/crypto')
      await page.getByLabel(say('Asset')).selectOption('USDC')
      await page.getByLabel(say('Amount')).fill('1')
      await page.getByLabel(say('Destination address')).fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAEd')
      await expect(page.getByLabel(say('Destination address'))).toHaveAttribute('aria-invalid', 'true')
      await step('address refused')
      await page.getByLabel(say('Destination address')).fill('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')
      await expect(page.getByTestId('withdraw.quote')).toBeVisible()
      await step('quote')
      await page.getByRole('button', { name: say('Review') }).click()
      await confirmWithPassword(w, 'Confirm and send')
      await expect(page).toHaveURL(/\/withdraw\/crypto\/status$/)
      await step('status, in its security delay')
      await page.getByRole('button', { name: say('Cancel withdrawal') }).click()
      await step('cancel, asked first')
      await page.getByRole('button', { name: say('withdraw.cancel.confirm') }).click()
      await expect(page.getByText(say('withdraw.cancelled'))).toBeVisible()
      await step('cancelled')
    },
  },
  {
    name: 'adding money: a bridge, a PIX code',
    who: 'personal',
    walk: async ({ page, say, step }) => {
      await page.goto('/app/cash/top-up/stargate')
      await page.getByLabel(say('From chain')).selectOption('Arbitrum')
      await page.getByLabel(say('Asset')).selectOption('USDC')
      await page.getByLabel(say('Amount')).fill('100')
      await expect(page.getByTestId('bridge.quote')).toBeVisible()
      await step('bridge quote')
      await page.getByRole('button', { name: say('Bridge') }).click()
      await expect(page).toHaveURL(/on-the-way\/0x/)
      await step('bridge on the way')
      await page.goto('/app/cash/pix/top-up')
      await page.getByLabel(say('Amount in reais')).fill('100')
      await expect(page.getByTestId('pix.quote')).toBeVisible()
      await step('PIX quote')
      await page.getByRole('button', { name: say('Create PIX code') }).click()
      await expect(page.getByTestId('pix.br-code')).toBeVisible()
      await step('PIX code')
    },
  },
  {
    name: 'a conversion',
    who: 'personal',
    walk: async (w) => {
      const { page, say, step } = w
      await page.goto('/app/cash/convert')
      await page.getByLabel(say('From')).selectOption('USDC')
      await page.getByLabel(say('To'), { exact: true }).selectOption('USDC')
      await page.getByLabel(/USDC/).last().fill('1')
      await page.getByRole('button', { name: say('Get quote') }).click()
      await expect(page.getByRole('alert').first()).toBeVisible()
      await step('same asset refused')
      await page.getByLabel(say('To'), { exact: true }).selectOption('ETH')
      await page.getByRole('button', { name: say('Get quote') }).click()
      await expect(page.getByTestId('quote.receive')).toBeVisible()
      await step('quote')
      await page.getByRole('button', { name: say('Review and confirm') }).click()
      await confirmWithPassword(w, 'Confirm and convert')
      await expect(page.getByTestId('convert.done')).toBeVisible()
      await step('converted')
    },
  },
  {
    name: 'earning: a deposit and a withdrawal',
    who: 'personal',
    walk: async (w) => {
      const { page, say, step } = w
      await page.goto('/app/cash/earn/liquid')
      const deposit = page.getByRole('form', { name: say('earn.deposit') })
      await deposit.getByLabel(say('earn.amountIn', { asset: 'USDC' })).fill('0')
      await deposit.getByRole('button', { name: say('earn.deposit') }).click()
      await expect(deposit.getByRole('alert')).toBeVisible()
      await step('deposit refused')
      await deposit.getByLabel(say('earn.amountIn', { asset: 'USDC' })).fill('2')
      await deposit.getByRole('button', { name: say('earn.deposit') }).click()
      await confirmWithPassword(w, 'earn.deposit')
      // The deposit's own result (its sheet closed): the holder's earn value may already show from an earlier deposit.
      await expect(page.getByTestId('earn.done-deposit')).toBeVisible()
      await expect(page.getByTestId('earn.value')).toBeVisible()
      await step('deposited')
      const withdraw = page.getByRole('form', { name: say('earn.withdraw') })
      await withdraw.getByLabel(say('earn.amountIn', { asset: 'USDC' })).fill('1')
      await withdraw.getByRole('button', { name: say('earn.withdraw') }).click()
      await confirmWithPassword(w, 'earn.withdraw')
      await expect(page.getByTestId('earn.queue').getByRole('listitem').first()).toBeVisible()
      await step('withdrawal queued')
    },
  },
  {
    name: 'repaying',
    who: 'borrower',
    walk: async ({ page, say, step }) => {
      await page.goto('/app/cash/repay')
      await page.getByLabel(say('Amount to repay (USDC)')).fill('1')
      await expect(page.getByTestId('repay.effect')).toBeVisible()
      await step('effect')
      await page.getByRole('button', { name: say('repay.submit'), exact: true }).click()
      await expect(page.getByRole('status').first()).toBeVisible()
      await step('repaid')
    },
  },
  {
    name: 'inviting someone to the company',
    who: 'owner',
    walk: async ({ page, say, step }) => {
      await page.goto('/app/cash/people')
      await page.getByLabel(say('Their e-mail')).fill('not-an-email')
      await page.getByRole('button', { name: say('Send invitation') }).click()
      await expect(page.getByRole('alert').first()).toBeVisible()
      await step('invitation refused')
      await page
        .getByLabel(say('Their e-mail'))
        .fill(`a-rather-long-invitee-address-${Date.now()}@subsidiary.example.com`)
      await page.getByLabel(say('Role'), { exact: true }).selectOption('member')
      await page.getByRole('button', { name: say('Send invitation') }).click()
      await expect(page.getByRole('status').first()).toBeVisible()
      await step('invitation sent, pending')
    },
  },
  {
    name: 'a referral link',
    who: 'fresh',
    walk: async ({ page, say, step }) => {
      await page.goto('/app/cash/refer')
      await page.getByRole('button', { name: say('Make my link') }).click()
      await expect(page.getByTestId('refer.url')).toBeVisible()
      await step('the link')
    },
  },
  {
    name: 'spending and balance alerts',
    who: 'personal',
    walk: async ({ page, say, step }) => {
      await page.goto('/app/cash/settings/alerts/spend-limit')
      await page.getByLabel(say('Alert on a purchase above (USD)')).fill('-5')
      await page.getByRole('button', { name: say('Save alerts') }).click()
      await expect(page.getByRole('alert').first()).toBeVisible()
      await step('spending alert refused')
      await page.goto('/app/cash/settings/alerts/spendable-balance')
      await page.getByLabel(say('Alert when spendable falls below (USD)')).fill('ten dollars')
      await page.getByRole('button', { name: say('Save alerts') }).click()
      await expect(page.getByRole('alert').first()).toBeVisible()
      await step('balance alert refused')
    },
  },
  {
    name: 'a manual refund in the back office',
    who: 'admin',
    walk: async ({ page, say, step }) => {
      await page.goto('/app/cash/admin/manual-refunds')
      await page.getByRole('button', { name: say('Issue refund') }).click()
      await step('refund refused')
      await page.getByLabel(say('Account'), { exact: true }).fill('personal@demo.cash')
      await page.getByLabel(say('Amount (USDC)')).fill('1500')
      await page
        .getByLabel(say('Reason'), { exact: true })
        .fill(`Goodwill refund after a duplicate charge, ticket ${Date.now()}`)
      await page.getByRole('button', { name: say('Issue refund') }).click()
      await expect(page.getByTestId('refund-pending').first()).toBeVisible()
      await expect(page.getByTestId('audit-after').first()).toBeVisible()
      await step('refund waiting for approval, with its audit entry')
    },
  },
]

walkFlows(FLOWS)
