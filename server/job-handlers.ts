import type { Hono } from 'hono'
import { z } from 'zod'
import type { Deps } from './http/route-table'
import { API_BASE } from './http/mount-routes'
import { expirePixCharge } from './money-in/pix-top-up'
import { releaseWithdrawal } from './money-out/withdrawals'
import { CARD_EXPIRE_DUE_JOB, expireAuthorization, expireDue } from './cards/authorization-service'
import { advanceShipping } from './cards/physical-card-service'
import { applyLimitChange } from './accounts/limits-service'
import { applyModeChange } from './borrow/mode-service'
import { executeRecovery } from './safe/safe-service'
import { deliverMail, outboxTransport } from './mail/mail-service'
import { smtpTransport } from './mail/smtp-transport'
import { runVaultSnapshotJob, settleVaultWithdrawal, VAULT_SETTLE_JOB, VAULT_SNAPSHOT_JOB } from './grow/earn-service'
import { runInterestJob } from './borrow/interest-service'
import { checkPositions, runPositionsJob } from './borrow/liquidation-service'
import { EVALUATE_ALERTS_JOB } from './alerts/alert-checks'
import { evaluateAccountAlerts } from './alerts/alert-evaluator'
import { providerKey, signWebhook } from './webhooks/signature'
import type { JobHandlers } from './jobs/job-queue'
import { WEBHOOK_DELIVER_JOB } from './outbox/provider-outbox'
import { PAY_CASHBACK_JOB, payLine } from './cashback/cashback-service'
import { MEMBERSHIP_DAILY_JOB, runMembershipDaily } from './membership/membership-service'
import { dataKeys } from './security/data-keys'
import { openText, type SealedText } from './security/field-crypto'

const Delivery = z.object({
  provider: z.enum(['chain', 'bridge', 'pix', 'bank', 'card', 'identity']),
  event: z.object({ id: z.string(), type: z.string(), created: z.string(), data: z.record(z.string(), z.unknown()) }),
  sealed: z.string().optional(),
})

/**
 * The jobs this server runs. `webhook.deliver` is the sandbox providers' outbox: it signs the event and
 * POSTs it to our webhook endpoint through the whole HTTP stack, as the real provider would.
 */
/** Signs a provider event and POSTs it to our webhook endpoint through the whole HTTP stack. */
export function webhookDeliverer(deps: Deps, app: Hono) {
  return async (payload: unknown): Promise<Response> => {
    const { provider, event, sealed } = Delivery.parse(payload)
    // What the outbox keeps sealed (bank numbers: outbox/provider-outbox.ts) goes out in the event as the provider
    // would send it.
    if (sealed)
      event.data = {
        ...event.data,
        ...(JSON.parse(openText(dataKeys(deps.config), 'jobs.webhook', sealed as unknown as SealedText)) as Record<
          string,
          unknown
        >),
      }
    const body = JSON.stringify(event)
    const signature = signWebhook(
      providerKey(deps.config.WEBHOOK_SECRET, provider),
      body,
      Math.floor(deps.now().getTime() / 1000),
    )
    return app.fetch(
      new Request(`http://provider.internal${API_BASE}/webhooks/${provider}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cash-signature': signature },
        body,
      }),
    )
  }
}

export function jobHandlers(deps: Deps, app: Hono): JobHandlers {
  const deliver = webhookDeliverer(deps, app)
  // With SMTP_URL mail leaves through it (loadConfig requires MAIL_FROM with it, and SMTP_URL in production).
  const { SMTP_URL, MAIL_FROM } = deps.config
  const mail = SMTP_URL && MAIL_FROM ? smtpTransport(SMTP_URL, MAIL_FROM) : outboxTransport
  return {
    [WEBHOOK_DELIVER_JOB]: async (payload) => {
      const res = await deliver(payload)
      if (!res.ok) throw new Error(`webhook answered ${res.status}: ${(await res.text()).slice(0, 300)}`)
    },
    'limits.apply': async (payload) => {
      const { changeId } = z.object({ changeId: z.uuid() }).parse(payload)
      await deps.db.kysely.transaction().execute((tx) => applyLimitChange(deps, tx, changeId))
    },
    'mail.deliver': async (payload, run) => {
      const { mailId } = z.object({ mailId: z.uuid() }).parse(payload)
      await deliverMail(deps, mail, mailId, run)
    },
    'recovery.execute': async (payload) => {
      const { recoveryId } = z.object({ recoveryId: z.uuid() }).parse(payload)
      await deps.db.kysely.transaction().execute((tx) => executeRecovery(deps, tx, recoveryId))
    },
    [VAULT_SETTLE_JOB]: async (payload) => {
      const { withdrawalId } = z.object({ withdrawalId: z.uuid() }).parse(payload)
      await deps.db.kysely.transaction().execute((tx) => settleVaultWithdrawal(deps, tx, withdrawalId))
    },
    [VAULT_SNAPSHOT_JOB]: async () => {
      await runVaultSnapshotJob(deps)
    },
    'mode.apply': async (payload) => {
      const { changeId } = z.object({ changeId: z.uuid() }).parse(payload)
      await deps.db.kysely.transaction().execute((tx) => applyModeChange(deps, tx, changeId))
    },
    'interest.accrue': async (payload, run) => {
      const { day } = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }).parse(payload)
      await runInterestJob(deps, day, run.id)
    },
    'positions.check': async (payload, run) => {
      // A price change asks for one extra check now; the recurring chain reschedules itself.
      if (z.object({ once: z.boolean().optional() }).parse(payload).once) await checkPositions(deps)
      else await runPositionsJob(deps, run.id)
    },
    [CARD_EXPIRE_DUE_JOB]: async (payload) => {
      const { until } = z.object({ until: z.string().min(1) }).parse(payload)
      const at = new Date(until)
      if (Number.isNaN(at.getTime())) throw new Error(`card.expire-due: not a time: ${until}`)
      await expireDue(deps, at)
    },
    // Queued one per hold before card.expire-due; kept for the jobs still waiting.
    'card.expire': async (payload) => {
      const { authorizationId } = z.object({ authorizationId: z.uuid() }).parse(payload)
      await deps.db.kysely.transaction().execute((tx) => expireAuthorization(deps, tx, authorizationId))
    },
    'card.shipping': async (payload) => {
      const { cardId, to } = z.object({ cardId: z.uuid(), to: z.enum(['shipped', 'delivered']) }).parse(payload)
      await deps.db.kysely.transaction().execute((tx) => advanceShipping(deps, tx, cardId, to))
    },
    'withdrawal.release': async (payload) => {
      const { withdrawalId } = z.object({ withdrawalId: z.uuid() }).parse(payload)
      await deps.db.kysely.transaction().execute((tx) => releaseWithdrawal(deps, tx, withdrawalId))
    },
    [EVALUATE_ALERTS_JOB]: async (payload) => {
      const { accountId } = z.object({ accountId: z.uuid() }).parse(payload)
      await evaluateAccountAlerts(deps, accountId)
    },
    [PAY_CASHBACK_JOB]: async (payload) => {
      // Due: paid if the pool holds enough, else it waits (not a failure) and funding the pool pays it.
      const { lineId } = z.object({ lineId: z.uuid() }).parse(payload)
      await deps.db.kysely.transaction().execute((tx) => payLine(deps, tx, lineId))
    },
    [MEMBERSHIP_DAILY_JOB]: async (payload, run) => {
      const { day } = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }).parse(payload)
      await runMembershipDaily(deps, day, run.id)
    },
    'pix.expire': async (payload) => {
      const { chargeId } = z.object({ chargeId: z.uuid() }).parse(payload)
      await expirePixCharge(deps.db.kysely, chargeId, deps.now())
    },
  }
}
