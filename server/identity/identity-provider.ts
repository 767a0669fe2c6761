import { sandboxDecision, type Decision } from '../../domain/identity'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'
import { sandboxPlays, scheduleWebhook } from '../outbox/provider-outbox'
import { sandboxSettings } from '../sandbox/sandbox-target'

/** The sandbox provider's pace: it starts reviewing after a moment and decides a few seconds later. */
export const IDENTITY_SANDBOX_DELAYS = { inReviewSeconds: 2, decisionSeconds: 6 } as const

/** A provider reference for a new application, as the provider would hand back. */
export function newProviderRef(deps: Pick<Deps, 'newId'>): string {
  return `idv_${deps.newId().replaceAll('-', '').slice(0, 24)}`
}

/** When the provider is expected to decide an application submitted (or resubmitted) at `at`. */
export function decisionEta(at: Date): Date {
  return new Date(at.getTime() + IDENTITY_SANDBOX_DELAYS.decisionSeconds * 1000)
}

/**
 * Sends an application (or a new round of one) to the identity provider. The sandbox provider answers as a
 * real one does, by signed `identity` webhooks: `application.in_review`, then `application.decided` — unless the
 * sandbox was set to leave applications for an admin (`identityDecisions: manual`): then it stops at in review.
 * Without a connected identity provider (production: `connectedProviders`) nothing decides by the name alone: an
 * application waits, open, for an admin's decision in the back office or a real provider's signed webhook.
 */
export async function sendToProvider(
  deps: Deps,
  db: Tx,
  app: { reference: string; subjectName: string; subject: 'person' | 'company'; round: number },
): Promise<void> {
  if (!sandboxPlays(deps.config, 'identity')) return
  const now = deps.now()
  await scheduleWebhook(
    deps,
    db,
    'identity',
    'application.in_review',
    { reference: app.reference, round: app.round },
    new Date(now.getTime() + IDENTITY_SANDBOX_DELAYS.inReviewSeconds * 1000),
  )
  if ((await sandboxSettings(db)).identityDecisions === 'manual') return
  const decision = sandboxDecision(app.subjectName, app.subject, app.round)
  await scheduleWebhook(
    deps,
    db,
    'identity',
    'application.decided',
    { reference: app.reference, round: app.round, ...decision },
    decisionEta(now),
  )
}

/** The provider's decision event body, as the sandbox control route sends it now. */
export function decisionEvent(reference: string, round: number, decision: Decision) {
  return { reference, round, ...decision }
}
