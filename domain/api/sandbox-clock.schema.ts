import { z } from 'zod'
import { IsoDateTime } from './common.schema'

/** How far to move a test server's clock: whole seconds, at most 30 days at a time. */
export const SandboxClockBody = z
  .object({
    advanceSeconds: z
      .number()
      .int()
      .min(1)
      .max(30 * 86_400),
  })
  .meta({ id: 'SandboxClockBody' })

/** The server's time after the move, and how many jobs fell due and ran. */
export const SandboxClockResult = z
  .object({ now: IsoDateTime, offsetSeconds: z.number().int(), ranJobs: z.number().int() })
  .meta({ id: 'SandboxClockResult' })
export type SandboxClockResult = z.infer<typeof SandboxClockResult>
