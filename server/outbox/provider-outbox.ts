import { DomainError } from '../../domain/errors'
import type { Tx } from '../db/connect'
import { connectedProviders, type Deps, type Provider } from '../http/route-table'
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

/**
 * Which provider's sandbox each outbox event is: one the server has connected (`connectedProviders`) may play its
 * part; the card network is played only by the sandbox API's routes, there wherever the sandbox's providers are.
 */
const PLAYED_BY: Record<WebhookProvider, Provider | 'sandbox'> = {
  chain: 'chain',
  bridge: 'bridge',
  pix: 'pix',
  bank: 'bank',
  identity: 'identity',
  card: 'sandbox',
}

/** Whether this server's sandbox plays `provider` (off production): it may schedule that provider's events. */
export function sandboxPlays(config: Deps['config'], provider: WebhookProvider): boolean {
  const connected = connectedProviders(config)
  const by = PLAYED_BY[provider]
  return by === 'sandbox' ? connected.length > 0 : connected.includes(by)
}

/** The job that delivers one scheduled event. */
export const WEBHOOK_DELIVER_JOB = 'webhook.deliver'

/**
 * Schedules a provider's webhook to reach us at `at`. `sealed`: more of the event's data, a JSON object sealed for
 * `jobs.webhook` (bank numbers), kept sealed in the outbox and merged into the data when the event is sent. Where the
 * sandbox does not play that provider (production) it refuses with `503 provider_unavailable`, which rolls back the
 * caller's transaction: a route that reaches a provider without declaring it (`provider` on a route) fails closed
 * rather than faking the other side (a delivery, a payout, a decision).
 */
export async function scheduleWebhook(
  deps: Pick<Deps, 'newId' | 'config'>,
  db: Tx,
  provider: WebhookProvider,
  type: string,
  data: Record<string, unknown>,
  at: Date,
  sealed?: SealedText,
): Promise<string> {
  if (!sandboxPlays(deps.config, provider))
    throw new DomainError('provider_unavailable', undefined, undefined, { provider })
  const event: ProviderEvent = { id: `evt_${deps.newId().replaceAll('-', '')}`, type, created: at.toISOString(), data }
  await enqueue(db, deps, {
    kind: WEBHOOK_DELIVER_JOB,
    payload: { provider, event, ...(sealed ? { sealed } : {}) },
    runAt: at,
  })
  return event.id
}
