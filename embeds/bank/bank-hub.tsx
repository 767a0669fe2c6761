import { movementReasonText } from '../../domain/movement-words'
import { BankSendsResponse, RecipientsResponse } from '../../domain/api/money-out.schema'
import { formatBps, formatDecimal } from '../../domain/money'
import { BANK_RECEIVE } from '../../domain/money-in'
import { BANK_SEND } from '../../domain/money-out'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useConnectedProviders } from '../lib/use-connected-providers'
import { useResource } from '../lib/use-resource'
import { ResourceView } from '../ui/resource-view'
import { WayList } from '../ui/way-list'

/** Bank transfers: send and receive, saved recipients, and recent sends with their status. */
export function BankHub({ accountId }: { accountId: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const data = useResource(
    `bank-hub:${accountId}`,
    async (signal) => {
      const [recipients, sends] = await Promise.all([
        api.get(`/accounts/${accountId}/bank-recipients`, RecipientsResponse, signal),
        api.get(`/accounts/${accountId}/bank-sends`, BankSendsResponse, signal),
      ])
      return { recipients: recipients.items, sends: sends.items }
    },
    { pollMs: 2000, keepPolling: (d) => d.sends.some((s) => s.status === 'processing') },
  )
  // Saved recipients and past sends stay shown whatever is connected now.
  const connected = useConnectedProviders()
  const bank = !connected || connected.includes('bank')
  return (
    <div className="cash-stack">
      <WayList
        ways={[
          {
            href: '/app/cash/bank/send',
            title: t('bank.hub.send'),
            body: t('withdraw.way.bank.body', { fee: formatBps(BANK_SEND.feeBps, locale) }),
            available: bank,
          },
          {
            href: '/app/cash/bank/receive',
            title: t('bank.hub.receive'),
            body: t('topUp.way.bank.body', { fee: formatBps(BANK_RECEIVE.feeBps, locale) }),
            available: bank,
          },
          { href: '/app/cash/bank/send/add', title: t('bank.send.addOne'), available: bank },
        ]}
      />
      <ResourceView resource={data}>
        {(loaded) => (
          <>
            <section className="cash-card" aria-labelledby="bank-recipients">
              <h2 id="bank-recipients">{t('bank.hub.recipients')}</h2>
              {loaded.recipients.length === 0 ? (
                <p className="cash-muted">{t('bank.send.noRecipients')}</p>
              ) : (
                <ul className="cash-list">
                  {loaded.recipients.map((r) => (
                    <li key={r.id} className="cash-row">
                      <span>{r.name}</span>
                      <span className="cash-mono">
                        {r.currency} {r.masked}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="cash-card" aria-labelledby="bank-sends">
              <h2 id="bank-sends">{t('bank.hub.sends')}</h2>
              {loaded.sends.length === 0 ? (
                <p className="cash-muted">{t('bank.hub.noSends')}</p>
              ) : (
                <ul className="cash-list" data-testid="bank.sends">
                  {loaded.sends.map((s) => (
                    <li key={s.id} className="cash-stack" style={{ gap: 4 }}>
                      <div className="cash-row">
                        <span>{s.recipient.name}</span>
                        <span>-{formatDecimal(s.total, 'USDC', locale)}</span>
                      </div>
                      <span className="cash-muted">
                        {t(`bank.sendStatus.${s.status}`)}
                        {s.returnReason ? ` · ${movementReasonText(s.returnReason, locale)}` : ''}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </ResourceView>
    </div>
  )
}
