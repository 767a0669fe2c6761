import { movementReasonText } from '../../domain/movement-words'
import { Landmark } from 'lucide-react'
import { BankDetailsResponse, BankTransfersInResponse } from '../../domain/api/money-in.schema'
import { formatBps, formatCurrency, formatDecimal } from '../../domain/money'
import { useI18n } from '../lib/i18n'
import { EmptyState } from '../ui/empty-state'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'
import { CopyButton } from '../ui/copy-button'
import { ResourceView } from '../ui/resource-view'

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="cash-row" style={{ alignItems: 'center' }}>
      <div>
        <span className="cash-muted">{label}</span>
        <p className="cash-mono" style={{ margin: 0 }}>
          {value}
        </p>
      </div>
      <CopyButton text={value} label={label} />
    </div>
  )
}

/** The account's virtual bank details to receive USD (ACH, wire) and EUR (SEPA), the rules, and what arrived. */
export function BankReceivePage({ accountId }: { accountId: string }) {
  const { t, locale } = useI18n()
  const usdc = (decimal: string) => formatDecimal(decimal, 'USDC', locale)
  const { api } = useSession()
  const data = useResource(`bank:${accountId}`, async (signal) => {
    const [details, transfers] = await Promise.all([
      api.get(`/accounts/${accountId}/bank-details`, BankDetailsResponse, signal),
      api.get(`/accounts/${accountId}/bank-transfers-in`, BankTransfersInResponse, signal),
    ])
    return { details, transfers: transfers.items }
  })
  return (
    <ResourceView resource={data}>
      {({ details: d, transfers }) => {
        const pct = (bps: number) => formatBps(bps, locale)
        return (
          <div className="cash-stack">
            <section className="cash-card cash-stack" aria-labelledby="bank-usd">
              <h2 id="bank-usd">{t('bank.usd')}</h2>
              <Detail label={t('bank.beneficiary')} value={d.beneficiary} />
              <Detail label={t('bank.bankName')} value={d.usd.bankName} />
              <Detail label={t('bank.routing')} value={d.usd.routingNumber} />
              <Detail label={t('bank.account')} value={d.usd.accountNumber} />
            </section>
            <section className="cash-card cash-stack" aria-labelledby="bank-eur">
              <h2 id="bank-eur">{t('bank.eur')}</h2>
              <Detail label={t('bank.beneficiary')} value={d.beneficiary} />
              <Detail label={t('bank.iban')} value={d.eur.iban} />
              <Detail label={t('bank.bic')} value={d.eur.bic} />
            </section>
            <section className="cash-card cash-stack">
              <p style={{ margin: 0 }}>{t('bank.fees', { fee: pct(d.feeBps), fx: pct(d.fxFeeBps) })}</p>
              <p className="cash-notice" style={{ margin: 0 }}>
                {t('bank.thirdParty', { cap: usdc(d.thirdPartyCapUsd) })}
              </p>
              <p className="cash-warning" style={{ margin: 0 }}>
                {t('bank.noSwift')}
              </p>
            </section>
            <section className="cash-card" aria-labelledby="bank-incoming">
              <h2 id="bank-incoming">{t('bank.incoming')}</h2>
              {transfers.length === 0 ? (
                <EmptyState icon={Landmark} text={t('bank.incoming.empty')} />
              ) : (
                <ul className="cash-list">
                  {transfers.map((x) => (
                    <li key={x.id} className="cash-stack" style={{ gap: 4 }}>
                      <div className="cash-row">
                        <span>
                          {x.senderName} · {x.rail.toUpperCase()}
                        </span>
                        <span>{x.status === 'credited' ? `+${usdc(x.creditUsdc)}` : t('bank.returned')}</span>
                      </div>
                      <span className="cash-muted" data-testid={`bank.incoming-${x.id}`}>
                        {formatCurrency(x.amount, x.currency, locale)}
                        {x.status === 'credited'
                          ? ` · ${t('bank.feeTaken', { fee: usdc(x.feeUsdc) })}`
                          : ` · ${x.returnReason ? movementReasonText(x.returnReason, locale) : ''}`}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )
      }}
    </ResourceView>
  )
}
