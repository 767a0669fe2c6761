import { Inbox } from 'lucide-react'
import type { z } from 'zod'
import type { ProviderName } from '../../domain/api/meta.schema'
import type { BridgeTransferView, DepositView } from '../../domain/api/money-in.schema'
import { formatBps, formatMoney, parseAmount } from '../../domain/money'
import { BANK_RECEIVE, PIX_TOP_UP } from '../../domain/money-in'
import { useI18n } from '../lib/i18n'
import type { MessageKey } from '../lib/messages-en'
import type { Resource } from '../lib/use-resource'
import { EmptyState } from '../ui/empty-state'
import { ResourceView } from '../ui/resource-view'
import { WayList } from '../ui/way-list'

/**
 * Each way in; `feeBps` is the fee its line states, from the rule that charges it; `provider` the outside party it
 * needs (deposits to the safe's own address need none).
 */
const WAYS: readonly { href: string; title: MessageKey; body: MessageKey; feeBps?: bigint; provider?: ProviderName }[] =
  [
    { href: '/app/cash/top-up/share-address', title: 'topUp.way.address', body: 'topUp.way.address.body' },
    { href: '/app/cash/top-up/send', title: 'topUp.way.wallet', body: 'topUp.way.wallet.body' },
    {
      href: '/app/cash/top-up/stargate',
      title: 'topUp.way.stargate',
      body: 'topUp.way.stargate.body',
      provider: 'bridge',
    },
    {
      href: '/app/cash/top-up/etherfi-bridge',
      title: 'topUp.way.etherfi',
      body: 'topUp.way.etherfi.body',
      provider: 'bridge',
    },
    {
      href: '/app/cash/pix/top-up',
      title: 'topUp.way.pix',
      body: 'topUp.way.pix.body',
      feeBps: PIX_TOP_UP.feeBps,
      provider: 'pix',
    },
    {
      href: '/app/cash/bank/receive',
      title: 'topUp.way.bank',
      body: 'topUp.way.bank.body',
      feeBps: BANK_RECEIVE.feeBps,
      provider: 'bank',
    },
  ]

/** What is arriving now: deposits confirming and bridges in flight. */
export type Incoming = { deposits: z.infer<typeof DepositView>[]; bridges: z.infer<typeof BridgeTransferView>[] }

/**
 * Every way in, and what is arriving now (as loaded by the page). `connected`: the providers the server has; a way
 * whose provider is missing shows as not available yet; undefined (not known yet) offers every way.
 */
export function TopUpHubView({
  incoming,
  connected,
}: {
  incoming: Resource<Incoming> & { reload?: () => void }
  connected?: readonly ProviderName[]
}) {
  const { t, locale } = useI18n()
  return (
    <div className="cash-stack">
      <nav aria-label={t('topUp.ways')}>
        <WayList
          ways={WAYS.map((w) => ({
            href: w.href,
            title: t(w.title),
            body: t(w.body, w.feeBps === undefined ? {} : { fee: formatBps(w.feeBps, locale) }),
            available: !w.provider || !connected || connected.includes(w.provider),
          }))}
        />
      </nav>
      <section className="cash-card" aria-labelledby="top-up-incoming">
        <h2 id="top-up-incoming">{t('topUp.incoming')}</h2>
        <ResourceView
          resource={incoming}
          isEmpty={(d) => d.deposits.length + d.bridges.length === 0}
          empty={<EmptyState icon={Inbox} text={t('topUp.incoming.empty')} />}
        >
          {(data) => (
            <ul className="cash-list" data-testid="top-up.incoming">
              {data.deposits.map((d) => (
                <li key={d.txHash} className="cash-row">
                  <span>
                    {formatMoney(parseAmount(d.amount, d.asset), d.asset, locale)}{' '}
                    <span className="cash-muted cash-mono">{d.txHash.slice(0, 10)}…</span>
                  </span>
                  <span>
                    {d.status === 'credited'
                      ? t('topUp.credited')
                      : t('topUp.confirmations', {
                          n: String(d.confirmations),
                          of: String(d.requiredConfirmations),
                        })}
                  </span>
                </li>
              ))}
              {data.bridges.map((b) => (
                <li key={b.sourceTxHash} className="cash-row">
                  <a href={`/app/cash/top-up/stargate/on-the-way/${b.sourceTxHash}`}>
                    {formatMoney(parseAmount(b.receive, b.asset), b.asset, locale)} · {b.sourceChain}
                  </a>
                  <span>{t(`bridge.status.${b.status}`)}</span>
                </li>
              ))}
            </ul>
          )}
        </ResourceView>
      </section>
    </div>
  )
}
