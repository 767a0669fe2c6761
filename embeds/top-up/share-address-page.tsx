import { DepositAddressResponse } from '../../domain/api/money-in.schema'
import { useBridge } from '../lib/bridge-context'
import { shareContent } from '../lib/host-actions'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'
import { ResourceView } from '../ui/resource-view'
import { ShareAddressView } from './share-address-view'

/** The safe's deposit address, loaded, with sharing through the host. */
export function ShareAddressPage({ accountId }: { accountId: string }) {
  const { t } = useI18n()
  const { api } = useSession()
  const bridge = useBridge()
  const info = useResource(`address:${accountId}`, (signal) =>
    api.get(`/accounts/${accountId}/deposit-address`, DepositAddressResponse, signal),
  )
  return (
    <ResourceView resource={info}>
      {(data) => (
        <ShareAddressView
          info={data}
          onShare={() =>
            void shareContent(bridge, { title: t('topUp.address.shareTitle'), text: data.address }).catch(
              () => undefined,
            )
          }
        />
      )}
    </ResourceView>
  )
}
