import { BridgeTransferView } from '../../domain/api/money-in.schema'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useCountdown } from '../lib/use-countdown'
import { readyData, useResource, type Resource } from '../lib/use-resource'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { ResourceView } from '../ui/resource-view'
import { ErrorState } from '../ui/state-views'
import { type BridgeTransfer, OnTheWayNotFound, OnTheWayView } from './on-the-way-view'

const FINAL = ['delivered', 'failed']

/**
 * `top-up/stargate/on-the-way/{hash}`: its heading follows the transfer, "Transfer on the way" (the route's
 * title) until it is delivered, failed or waiting, so a finished transfer never still reads as on its way.
 */
export function OnTheWayPage({ hash, title }: { hash: string; title: string }) {
  const { t } = useI18n()
  const { api } = useSession()
  const transfer = useResource(
    `bridge:${hash}`,
    (signal) => api.get(`/bridge-transfers/${hash}`, BridgeTransferView, signal),
    { pollMs: 1500, keepPolling: (x) => !FINAL.includes(x.status) },
  )
  const status = readyData(transfer)?.status ?? null
  const heading =
    status === 'delivered' || status === 'failed' || status === 'payload_stored' ? t(`bridge.title.${status}`) : title
  return (
    <Page title={heading}>
      <NeedsAccount>{() => <OnTheWay transfer={transfer} />}</NeedsAccount>
    </Page>
  )
}

/** Live tracking of one bridge transfer by its source hash; survives reload; unknown hashes get not-found. */
function OnTheWay({ transfer }: { transfer: Resource<BridgeTransfer> & { reload: () => void } }) {
  const left = useCountdown(readyData(transfer)?.etaAt ?? null)
  return (
    <ResourceView
      resource={transfer}
      error={(error, retry) =>
        error.status === 404 || error.status === 400 ? (
          <OnTheWayNotFound />
        ) : (
          <ErrorState message={error.message} onRetry={retry} />
        )
      }
    >
      {(x) => <OnTheWayView transfer={x} secondsLeft={left} />}
    </ResourceView>
  )
}
