import type { ProviderName } from '../../domain/api/meta.schema'
import { formatBps } from '../../domain/money'
import { BANK_SEND } from '../../domain/money-out'
import { useI18n } from '../lib/i18n'
import { WayList } from '../ui/way-list'

/**
 * The ways money leaves: by crypto, PIX or bank, and the latest crypto withdrawal's status. `connected`: the
 * providers the server has; a way whose provider is missing shows as not available yet; undefined (not known yet)
 * offers every way.
 */
export function WithdrawHubView({ connected }: { connected?: readonly ProviderName[] }) {
  const { t, locale } = useI18n()
  const has = (provider: ProviderName) => !connected || connected.includes(provider)
  return (
    <WayList
      ways={[
        {
          href: '/app/cash/withdraw/crypto',
          title: t('withdraw.way.crypto'),
          body: t('withdraw.way.crypto.body'),
          available: has('chain'),
        },
        {
          href: '/app/cash/pix/send',
          title: t('withdraw.way.pix'),
          body: t('withdraw.way.pix.body'),
          available: has('pix'),
        },
        {
          href: '/app/cash/bank/send',
          title: t('withdraw.way.bank'),
          body: t('withdraw.way.bank.body', { fee: formatBps(BANK_SEND.feeBps, locale) }),
          available: has('bank'),
        },
        // A withdrawal already asked for is followed here whatever is connected now.
        {
          href: '/app/cash/withdraw/crypto/status',
          title: t('withdraw.way.status'),
          body: t('withdraw.way.status.body'),
        },
      ]}
    />
  )
}
