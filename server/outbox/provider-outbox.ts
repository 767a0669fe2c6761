import type { Tx } from '../db/connect'
import type { Deps } from '../http/route-table'
import { enqueue } from '../jobs/job-queue'
import type { SealedText } from '../security/field-crypto'

/**
 * The sandbox providers' outbox. The outside services (the chain, the bridges, the PIX acquirer, the bank rails,
 * the card network, identity checks) report back by signed webhook, never by calling our code: every feature that
 * plays a provider schedules its event here, as a `webhook.deliver` job that the composition root's handler
 * (server/job-handlers.ts) signs and POSTs to `/webhooks/{provider}` through the whole HTTP stack.
 */
export type WebhookProvider = 'chain' | 'bridge' | 'pix' | 'bank' | 'card' | 'identity'

export type ProviderEvent = { id: string; type: string; created: string; data: Record<string, unknown> }

/** The job that delivers one scheduled event. */
export const WEBHOOK_DELIVER_JOB = 'webhook.deliver'

/**
 * Schedules a provider's webhook to reach us at `at`. `sealed`: more of the event's data, a JSON object sealed for
 * `jobs.webhook` (bank numbers), kept sealed in the outbox and merged into the data when the event is sent.
 */
export async function scheduleWebhook(
  deps: Pick<Deps, 'newId'>,
  db: Tx,
  provider: WebhookProvider,
  type: string,
  data: Record<string, unknown>,
  at: Date,
  sealed?: SealedText,
): Promise<string> {
  const event: ProviderEvent = { id: `evt_${deps.newId().replaceAll('-', '')}`, type, created: at.toISOString(), data }
  await enqueue(db, deps, {
    kind: WEBHOOK_DELIVER_JOB,
    payload: { provider, event, ...(sealed ? { sealed } : {}) },
    runAt: at,
  })
  return event.id
}
