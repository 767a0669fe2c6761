import { z } from 'zod'

/** What every page needs from the server before it can report errors or offer sign-up. */
export const ClientConfig = z
  .object({
    monitoring: z.object({ dsn: z.string(), tunnel: z.string(), environment: z.string(), release: z.string() }),
    signupsOpen: z.boolean(),
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
