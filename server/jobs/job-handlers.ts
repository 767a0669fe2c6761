import type { Hono } from 'hono'
import { z } from 'zod'
import type { Deps } from '../http/route-table'
import { API_BASE } from '../http/mount-routes'
import { expirePixCharge } from '../money-in/pix-top-up'
import { releaseWithdrawal } from '../money-out/withdrawals'
import { providerKey, signWebhook } from '../webhooks/signature'
import type { JobHandlers } from './job-queue'

const Delivery = z.object({ provider: z.enum(['chain', 'bridge', 'pix', 'bank']), event: z.object({ id: z.string(), type: z.string(), created: z.string(), data: z.record(z.string(), z.unknown()) }) })

/**
 * The jobs this server runs. `webhook.deliver` is the sandbox providers' outbox: it signs the event and
 * POSTs it to our webhook endpoint through the whole HTTP stack, as the real provider would.
 */
export function jobHandlers(deps: Deps, app: Hono): JobHandlers {
  return {
    'webhook.deliver': async (payload) => {
      const { provider, event } = Delivery.parse(payload)
      const body = JSON.stringify(event)
      const signature = signWebhook(providerKey(deps.config.WEBHOOK_SECRET, provider), body, Math.floor(deps.now().getTime() / 1000))
      const res = await app.fetch(new Request(`http://provider.internal${API_BASE}/webhooks/${provider}`, { method: 'POST', headers: { 'content-type': 'application/json', 'cash-signature': signature }, body }))
      if (!res.ok) throw new Error(`webhook ${provider}/${event.type} answered ${res.status}: ${(await res.text()).slice(0, 300)}`)
    },
    'withdrawal.release': async (payload) => {
      const { withdrawalId } = z.object({ withdrawalId: z.uuid() }).parse(payload)
      await deps.db.kysely.transaction().execute((tx) => releaseWithdrawal(deps, tx, withdrawalId))
    },
    'pix.expire': async (payload) => {
      const { chargeId } = z.object({ chargeId: z.uuid() }).parse(payload)
      await expirePixCharge(deps.db.kysely, chargeId, deps.now())
    },
  }
}
