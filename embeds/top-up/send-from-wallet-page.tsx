import { useState } from 'react'
import { DepositAddressResponse } from '../../domain/api/money-in.schema'
import type { HeldAsset } from '../../domain/asset'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'
import { useAmountInput } from '../ui/amount-field'
import { ResourceView } from '../ui/resource-view'
import { SendFromWalletView } from './send-from-wallet-view'

/** Send from any wallet: the deposit address loaded, the asset and amount typed, the request drawn by the view. */
export function SendFromWalletPage({ accountId }: { accountId: string }) {
  const { api } = useSession()
  const info = useResource(`address:${accountId}`, (signal) =>
    api.get(`/accounts/${accountId}/deposit-address`, DepositAddressResponse, signal),
  )
  const [asset, setAsset] = useState<HeldAsset>('USDC')
  const amount = useAmountInput(asset)
  return (
    <ResourceView resource={info}>
      {(data) => <SendFromWalletView info={data} asset={asset} onAsset={setAsset} amount={amount} />}
    </ResourceView>
  )
}
