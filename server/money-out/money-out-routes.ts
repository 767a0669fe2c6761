import { z } from 'zod'
import { AccountParams } from '../../domain/api/account.schema'
import { SandboxEventResponse } from '../../domain/api/money-in.schema'
import { PlaidExchangeBody, PlaidInstitutionsResponse, PlaidLinkedResponse, PlaidMfaBody, PlaidStartBody, PlaidStartResponse, RepayBody, RepayQuery, RepayView, BankSendBody, BankSendQuoteQuery, BankSendQuoteResponse, BankSendsResponse, BankSendView, RecipientBody, RecipientsResponse, RecipientView, ConfirmBody, PixPaymentView, PixSendQuoteBody, WithdrawalBody, WithdrawalQuoteQuery, WithdrawalQuoteResponse, WithdrawalsResponse, WithdrawalView } from '../../domain/api/money-out.schema'
import { defineRoute } from '../http/route-table'
import { addRecipient, listBankSends, listRecipients, quoteBankSend, sandboxReturnBankSend, sendToBank } from './bank-send'
import { quoteRepay, repay } from './repay'
import { answerMfa, exchangeToken, SANDBOX_INSTITUTIONS, startLink } from './plaid-link'
import { confirmPixSend, getPixPayment, quotePixSend } from './pix-send'
import { cancelWithdrawal, quoteWithdrawal, requestWithdrawal, sandboxFailWithdrawal, withdrawalView } from './withdrawals'

const read = { kind: 'account', roles: ['holder', 'owner', 'admin', 'member'] } as const
/** Money leaves only by the holder, or a company's owners and admins. */
const send = { kind: 'account', roles: ['holder', 'owner', 'admin'] } as const

export const moneyOutRoutes = [
  defineRoute({ method: 'get', path: '/accounts/:accountId/withdrawals/quote', summary: 'Fee, total and timing of a crypto withdrawal, checked against spendable and limits', tag: 'money-out', access: send, params: AccountParams, query: WithdrawalQuoteQuery, response: WithdrawalQuoteResponse, handler: ({ deps, db, params, query }) => quoteWithdrawal(deps, db, params.accountId, query) }),
  defineRoute({ method: 'post', path: '/accounts/:accountId/withdrawals', summary: 'Request a crypto withdrawal (confirmed); reserved now, sent after the security delay; replaces a pending one', tag: 'money-out', access: send, moneyMoving: true, status: 201, params: AccountParams, body: WithdrawalBody, response: WithdrawalView, handler: ({ deps, db, params, body, principal }) => requestWithdrawal(deps, db, principal!, params.accountId, body) }),
  defineRoute({ method: 'post', path: '/accounts/:accountId/withdrawals/:withdrawalId/cancel', summary: 'Cancel a withdrawal during its security delay; the reservation returns', tag: 'money-out', access: send, moneyMoving: true, params: AccountParams.extend({ withdrawalId: z.uuid() }), response: WithdrawalView, handler: ({ deps, db, params }) => cancelWithdrawal(deps, db, params.accountId, params.withdrawalId) }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/withdrawals',
    summary: 'The account’s withdrawals, newest first',
    tag: 'money-out',
    access: read,
    params: AccountParams,
    response: WithdrawalsResponse,
    handler: async ({ db, params }) => ({ items: (await db.selectFrom('withdrawals').selectAll().where('account_id', '=', params.accountId).orderBy('created_at', 'desc').limit(20).execute()).map(withdrawalView) }),
  }),
  defineRoute({ method: 'post', path: '/accounts/:accountId/pix/payments', summary: 'Quote a PIX payment to a key or a BR Code: recipient, locked rate, fee, checked against spendable', tag: 'money-out', access: send, status: 201, params: AccountParams, body: PixSendQuoteBody, response: PixPaymentView, handler: ({ deps, db, params, body }) => quotePixSend(deps, db, params.accountId, body) }),
  defineRoute({ method: 'post', path: '/accounts/:accountId/pix/payments/:paymentId/confirm', summary: 'Pay a quoted PIX payment (confirmed by the holder)', tag: 'money-out', access: send, moneyMoving: true, params: AccountParams.extend({ paymentId: z.uuid() }), body: ConfirmBody, response: PixPaymentView, handler: ({ deps, db, params, body, principal }) => confirmPixSend(deps, db, principal!, params.accountId, params.paymentId, body.confirmation) }),
  defineRoute({ method: 'get', path: '/accounts/:accountId/pix/payments/:paymentId', summary: 'A PIX payment and its status', tag: 'money-out', access: read, params: AccountParams.extend({ paymentId: z.uuid() }), response: PixPaymentView, handler: ({ deps, db, params }) => getPixPayment(deps, db, params.accountId, params.paymentId) }),
  defineRoute({ method: 'get', path: '/accounts/:accountId/bank-recipients', summary: 'Saved bank recipients (numbers masked)', tag: 'money-out', access: read, params: AccountParams, response: RecipientsResponse, handler: ({ deps, db, params }) => listRecipients(deps, db, params.accountId) }),
  defineRoute({ method: 'post', path: '/accounts/:accountId/bank-recipients', summary: 'Save a recipient typed in by hand (US: routing + account; EU: IBAN + BIC)', tag: 'money-out', access: send, status: 201, params: AccountParams, body: RecipientBody, response: RecipientView, handler: ({ deps, db, params, body }) => addRecipient(deps, db, params.accountId, body) }),
  defineRoute({ method: 'get', path: '/accounts/:accountId/bank-sends/quote', summary: 'Fee, total and what the recipient gets, checked against spendable', tag: 'money-out', access: send, params: AccountParams, query: BankSendQuoteQuery, response: BankSendQuoteResponse, handler: ({ deps, db, params, query }) => quoteBankSend(deps, db, params.accountId, query) }),
  defineRoute({ method: 'post', path: '/accounts/:accountId/bank-sends', summary: 'Send USDC out to a saved recipient as USD (ACH) or EUR (SEPA), confirmed', tag: 'money-out', access: send, moneyMoving: true, status: 201, params: AccountParams, body: BankSendBody, response: BankSendView, handler: ({ deps, db, params, body, principal }) => sendToBank(deps, db, principal!, params.accountId, body) }),
  defineRoute({ method: 'get', path: '/accounts/:accountId/bank-sends', summary: 'Bank sends with their status', tag: 'money-out', access: read, params: AccountParams, response: BankSendsResponse, handler: ({ deps, db, params }) => listBankSends(deps, db, params.accountId) }),
  defineRoute({ method: 'post', path: '/sandbox/bank/sends/:sendId/return', summary: 'The receiving bank returns a payout; the money comes back', tag: 'sandbox', access: { kind: 'platform_admin' }, sandbox: true, status: 201, params: z.object({ sendId: z.uuid() }), body: z.object({ reason: z.string().max(200).optional() }), response: SandboxEventResponse, handler: ({ deps, db, params, body }) => sandboxReturnBankSend(deps, db, params.sendId, body.reason) }),
  defineRoute({ method: 'get', path: '/plaid/institutions', summary: 'Banks Plaid Link can connect (sandbox)', tag: 'money-out', access: { kind: 'user' }, response: PlaidInstitutionsResponse, handler: async () => ({ items: SANDBOX_INSTITUTIONS.map((i) => ({ ...i })) }) }),
  defineRoute({ method: 'post', path: '/accounts/:accountId/plaid/link-sessions', summary: 'Plaid Link step 1: sign in to the bank (sandbox: user_good / pass_good)', tag: 'money-out', access: send, status: 201, params: AccountParams, body: PlaidStartBody, response: PlaidStartResponse, handler: ({ deps, db, params, body }) => startLink(deps, db, params.accountId, body) }),
  defineRoute({ method: 'post', path: '/accounts/:accountId/plaid/link-sessions/:sessionId/mfa', summary: 'Plaid Link step 2: the bank’s one-time code (sandbox: 1234); answers the accounts, masked', tag: 'money-out', access: send, params: AccountParams.extend({ sessionId: z.uuid() }), body: PlaidMfaBody, response: PlaidLinkedResponse, handler: ({ deps, db, params, body }) => answerMfa(deps, db, params.accountId, params.sessionId, body.code) }),
  defineRoute({ method: 'post', path: '/accounts/:accountId/plaid/exchange', summary: 'Exchange the public token on the server and save the chosen account as a recipient', tag: 'money-out', access: send, status: 201, params: AccountParams, body: PlaidExchangeBody, response: RecipientView, handler: ({ deps, db, params, body }) => exchangeToken(deps, db, params.accountId, body) }),
  defineRoute({ method: 'get', path: '/accounts/:accountId/repay/quote', summary: 'What repaying an amount (or "all") does to debt, borrow limit and health', tag: 'money-out', access: send, params: AccountParams, query: RepayQuery, response: RepayView, handler: ({ deps, db, params, query }) => quoteRepay(deps, db, params.accountId, query.amount) }),
  defineRoute({ method: 'post', path: '/accounts/:accountId/repay', summary: 'Repay Borrow-mode debt from cash', tag: 'money-out', access: send, moneyMoving: true, params: AccountParams, body: RepayBody, response: RepayView, handler: ({ deps, db, params, body }) => repay(deps, db, params.accountId, body.amount) }),
  defineRoute({ method: 'post', path: '/sandbox/withdrawals/:withdrawalId/fail', summary: 'The chain rejects a broadcast withdrawal; its funds come back', tag: 'sandbox', access: { kind: 'platform_admin' }, sandbox: true, status: 201, params: z.object({ withdrawalId: z.uuid() }), body: z.object({ reason: z.string().max(200).optional() }), response: SandboxEventResponse, handler: ({ deps, db, params, body }) => sandboxFailWithdrawal(deps, db, params.withdrawalId, body.reason) }),
]
