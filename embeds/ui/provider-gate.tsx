import { Hourglass } from 'lucide-react'
import type { ReactNode } from 'react'
import type { ProviderName } from '../../domain/api/meta.schema'
import { useI18n } from '../lib/i18n'
import { useClientConfig } from '../lib/use-client-config'
import { EmptyState } from './empty-state'
import { ResourceView } from './resource-view'

/** The providers a page's form needs; without `identity` no form is gated: an application waits for an admin. */
type RailProvider = Exclude<ProviderName, 'identity'>

/** Where a holder turned away from a rail goes instead: the other ways in, or the other ways out. */
export type RailWay = 'in' | 'out'

/** A rail whose provider is not connected: one sentence saying so before anything is typed, and the other ways. */
export function RailUnavailable({ provider, way }: { provider: RailProvider; way: RailWay }) {
  const { t } = useI18n()
  return (
    <section className="cash-card">
      <EmptyState
        icon={Hourglass}
        testId="rail-unavailable"
        text={`${t(`rails.unavailable.${provider}`)} ${t('rails.unavailable.rest')}`}
        action={
          <a
            className="cash-button"
            data-variant="secondary"
            href={way === 'in' ? '/app/cash/top-up' : '/app/cash/withdraw'}
          >
            {t(way === 'in' ? 'rails.otherWaysIn' : 'rails.otherWaysOut')}
          </a>
        }
      />
    </section>
  )
}

/**
 * A rail's page (its form) when the server has its provider connected (`/config`), else `RailUnavailable`: on a
 * production server of this build no form is offered that could only answer 503 provider_unavailable.
 */
export function ProviderGate({
  provider,
  way,
  children,
}: {
  provider: RailProvider
  way: RailWay
  children: ReactNode
}) {
  const config = useClientConfig()
  return (
    <ResourceView resource={config}>
      {(c) => (c.providers.includes(provider) ? children : <RailUnavailable provider={provider} way={way} />)}
    </ResourceView>
  )
}
