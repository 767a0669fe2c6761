import { say } from '../../domain/error-message'
import { SandboxClockBody, SandboxClockResult } from '../../domain/api/sandbox-clock.schema'
import { DomainError } from '../../domain/errors'
import { defineRoute } from '../http/route-table'

/**
 * Test servers only: the route table holds this route only when CASH_ENV=test (see routeTable), and it
 * refuses anyway without the test clock, so no other server can have its time moved.
 */
export const sandboxClockRoutes = [
  defineRoute({
    method: 'post',
    path: '/sandbox/clock',
    summary:
      'Test servers only (CASH_ENV=test): move the server clock forward and ' +
      'run the jobs then due (security delays, provider reviews, settlements)',
    tag: 'sandbox',
    access: { kind: 'platform_admin' },
    sandbox: true,
    body: SandboxClockBody,
    response: SandboxClockResult,
    handler: async ({ deps, body }) => {
      if (deps.config.CASH_ENV !== 'test' || !deps.sandboxClock)
        throw new DomainError('sandbox_disabled', say('sandbox_clock_test_only'))
      return deps.sandboxClock.advance(body.advanceSeconds)
    },
  }),
]
