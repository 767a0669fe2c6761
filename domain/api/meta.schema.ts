import { z } from 'zod'

/** The outside parties a money rail needs: a bridge, the chain's sends, bank rails, PIX, Plaid. */
/**
 * The outside parties a rail needs; `carrier` makes and ships physical cards, `identity` checks people and companies
 * (without it, applications wait for an admin).
 */
export const ProviderName = z
  .enum(['bridge', 'chain', 'bank', 'pix', 'plaid', 'carrier', 'identity'])
  .meta({ id: 'Provider' })
export type ProviderName = z.infer<typeof ProviderName>

/**
 * What every page needs from the server before it can report errors, offer sign-up or a money rail: `providers` are
 * the connected ones (a rail whose provider is missing shows as not available yet: its routes answer 503).
 */
export const ClientConfig = z
  .object({
    monitoring: z.object({ dsn: z.string(), tunnel: z.string(), environment: z.string(), release: z.string() }),
    signupsOpen: z.boolean(),
    providers: z.array(ProviderName),
  })
  .meta({ id: 'ClientConfig' })
export type ClientConfig = z.infer<typeof ClientConfig>

export const ErrorInboxResponse = z
  .object({
    items: z.array(
      z.object({
        id: z.uuid(),
        receivedAt: z.iso.datetime({ offset: true }),
        eventId: z.string().nullable(),
        itemTypes: z.string(),
        summary: z.string(),
        sizeBytes: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'ErrorInbox' })
