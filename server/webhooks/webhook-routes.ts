import { say } from '../../domain/error-message'
import { z, ZodError } from 'zod'
import { ProviderEventBody, WebhookAck } from '../../domain/api/money-in.schema'
import { fieldMessages } from '../../domain/api/common.schema'
import { DomainError } from '../../domain/errors'
import { metricsOf } from '../monitoring/metrics'
import { defineRoute, type Deps } from '../http/route-table'
import type { Tx } from '../db/connect'
import { bankEvents, bankEventsAtRest } from '../money-in/bank-receive'
import { bridgeEvents } from '../money-in/bridges'
import { chainEvents } from '../money-in/chain-deposits'
import { pixEvents } from '../money-in/pix-top-up'
import { withdrawalChainEvents } from '../money-out/withdrawals'
import { bankSendEvents } from '../money-out/bank-send'
import { cardEvents } from '../cards/authorization-service'
import { authorizationBatcher, type CardEvent, type WebhookAnswer } from '../cards/authorization-batch'
import { identityEvents } from '../identity/decision-service'
import { safeChainEvents } from '../safe/safe-service'
import { providerKey, verifyWebhook } from './signature'

type Applier = (deps: Deps, db: Tx, data: unknown) => Promise<unknown>
const APPLIERS: Record<'chain' | 'bridge' | 'pix' | 'bank' | 'card' | 'identity', Record<string, Applier>> = {
  identity: identityEvents,
  card: cardEvents,
  chain: { ...chainEvents, ...withdrawalChainEvents, ...safeChainEvents },
  bridge: bridgeEvents,
  pix: pixEvents,
  bank: { ...bankEvents, ...bankSendEvents },
}

type Provider = keyof typeof APPLIERS

/** Events whose record in provider_events leaves out what is sealed elsewhere (bank numbers: issue 19). */
const AT_REST: Partial<Record<Provider, Record<string, (data: Record<string, unknown>) => Record<string, unknown>>>> = {
  bank: bankEventsAtRest,
}
const recorded = (provider: Provider, body: CardEvent) => AT_REST[provider]?.[body.type]?.(body.data) ?? body.data

/** One provider event in its own transaction: recorded once with its effect, so a repeat changes nothing. */
async function applyEvent(deps: Deps, provider: Provider, body: CardEvent): Promise<WebhookAnswer> {
  return deps.db.kysely.transaction().execute(async (tx) => {
    const fresh = await tx
      .insertInto('provider_events')
      .values({ provider, event_id: body.id, type: body.type, payload: JSON.stringify(recorded(provider, body)) })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst()
    if (!fresh) {
      const stored = await tx
        .selectFrom('provider_events')
        .select('result')
        .where('provider', '=', provider)
        .where('event_id', '=', body.id)
        .executeTakeFirstOrThrow()
      return {
        received: true as const,
        duplicate: true,
        ...(stored.result ? { result: stored.result as Record<string, unknown> } : {}),
      }
    }
    const apply = APPLIERS[provider][body.type]
    if (!apply)
      throw new DomainError('invalid_request', say('note', { text: `Unknown ${provider} event type ${body.type}.` }))
    let result: Record<string, unknown> | undefined
    try {
      result = (await apply(deps, tx, body.data)) as Record<string, unknown> | undefined
    } catch (error) {
      // Correctly signed but not a valid event of its type: a 400 with the fields, so the provider stops retrying
      // what will never apply (a 500 asks it to try again). The transaction rolls back, event id and all.
      if (error instanceof ZodError)
        throw new DomainError(
          'invalid_request',
          say('note', {
            text: `This ${provider} ${body.type} event is missing details or has details that are not valid.`,
          }),
          fieldMessages(error),
        )
      throw error
    }
    if (result)
      await tx
        .updateTable('provider_events')
        .set({ result: JSON.stringify(result) })
        .where('provider', '=', provider)
        .where('event_id', '=', body.id)
        .execute()
    return { received: true as const, duplicate: false, ...(result ? { result } : {}) }
  })
}

/** One card-decision batcher per server (its dependencies: database, clock, ids). */
const batchers = new WeakMap<Deps, ReturnType<typeof authorizationBatcher>>()
function cardDecisions(deps: Deps) {
  let batcher = batchers.get(deps)
  if (!batcher) {
    batcher = authorizationBatcher(deps, (event) => applyEvent(deps, 'card', event))
    batchers.set(deps, batcher)
  }
  return batcher
}

/**
 * `POST /webhooks/{provider}`: a provider's signed event. The signature and timestamp are checked on the
 * raw body; the event id is recorded in the same transaction as its effect, so a repeat changes nothing.
 */
export const webhookRoutes = [
  defineRoute({
    method: 'post',
    path: '/webhooks/:provider',
    // The signature is missing, wrong or too old.
    errorStatuses: [401, 422],
    nulInBody: 'space',
    summary:
      'Signed provider events (chain, bridge, PIX acquirer, bank rails, card network, ' +
      'identity provider). Header Cash-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">',
    tag: 'webhooks',
    access: { kind: 'public' },
    params: z.object({ provider: z.enum(['chain', 'bridge', 'pix', 'bank', 'card', 'identity']) }),
    body: ProviderEventBody,
    response: WebhookAck,
    handler: async ({ c, deps, params, body, rawBody }) => {
      verifyWebhook(
        providerKey(deps.config.WEBHOOK_SECRET, params.provider),
        c.req.header('cash-signature'),
        rawBody ?? '',
        Math.floor(deps.now().getTime() / 1000),
      )
      // Card decisions share commits (authorization-batch.ts); every other event is a transaction of its own.
      if (params.provider === 'card' && body.type === 'authorization.request') {
        const answer = await cardDecisions(deps).submit(body)
        if (!answer.duplicate) metricsOf(deps).decided(answer.result)
        return answer
      }
      return applyEvent(deps, params.provider, body)
    },
  }),
]
