import { movementReasonText, movementTitleText } from '../../domain/movement-words'
import { useEffect, useState } from 'react'
import { InvestigateResponse } from '../../domain/api/admin-money.schema'
import { isHeldAsset } from '../../domain/asset'
import { formatDate } from '../../domain/format-date'
import { kindText } from '../../domain/ledger-kinds'
import { formatMoney, parseAmount } from '../../domain/money'
import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { useAction } from '../lib/use-action'
import { useSession } from '../lib/session'
import { FormFooter } from '../ui/form-footer'
import { Page } from '../ui/page'
import { TableScroll } from '../ui/table-scroll'
import { TextField } from '../ui/text-field'
import { AdminNav } from './admin-nav'
import { usePageQuery } from '../lib/embed-navigation'

/**
 * One search box (an id, an on-chain hash or a reference) → the records, their lifecycle, journals with entries, and
 * holds.
 */
export function InvestigateTransactionPage({ title }: EmbedProps) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const query = usePageQuery()
  const [q, setQ] = useState(() => query.get('q') ?? '')
  const [result, setResult] = useState<InvestigateResponse | null>(null)
  const { busy, error, fieldErrors, run } = useAction()
  const search = (text: string) =>
    run(async () => {
      setResult(null)
      setResult(await api.get(`/admin/investigate?q=${encodeURIComponent(text.trim())}`, InvestigateResponse))
      window.history.replaceState(null, '', `?q=${encodeURIComponent(text.trim())}`)
    })
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the query the page was opened with searches by itself
  useEffect(() => {
    if (q) void search(q)
  }, [])
  const money = (v: string, asset: string) =>
    isHeldAsset(asset) ? formatMoney(parseAmount(v, asset), asset, locale) : `${v} ${asset}`
  const when = (iso: string) => formatDate(iso, locale, 'stamp')
  return (
    <Page title={title}>
      <AdminNav current="/admin/investigate-transaction" />
      <form
        className="cash-card cash-stack"
        role="search"
        noValidate
        onSubmit={(e) => (e.preventDefault(), void search(q))}
      >
        <TextField
          label={t('admin.investigate.query')}
          name="q"
          hint={t('admin.investigate.hint')}
          autoComplete="off"
          spellCheck={false}
          value={q}
          error={fieldErrors.q}
          onChange={(e) => setQ(e.target.value)}
        />
        <FormFooter
          error={error}
          busy={busy}
          label={t('admin.investigate.search')}
          busyLabel={t('admin.money.working')}
        />
      </form>
      {result ? (
        <>
          <section className="cash-card cash-stack" aria-labelledby="investigate-records">
            <h2 id="investigate-records">{t('admin.investigate.records')}</h2>
            {result.records.length === 0 ? <p className="cash-muted">{t('admin.investigate.ledgerOnly')}</p> : null}
            <ul className="cash-list">
              {result.records.map((r) => (
                <li key={`${r.kind}:${r.id}`}>
                  <span className="cash-badge">{t(`admin.investigate.kind.${r.kind}`)}</span>{' '}
                  <strong>{r.details.join(' · ')}</strong> · {t(`admin.investigate.state.${r.status}`)}
                  {r.amount && r.asset ? ` · ${money(r.amount, r.asset)}` : null}
                  <br />
                  <span className="cash-mono cash-muted">{r.id}</span>
                </li>
              ))}
            </ul>
          </section>
          <section className="cash-card cash-stack" aria-labelledby="investigate-timeline">
            <h2 id="investigate-timeline">{t('admin.investigate.timeline')}</h2>
            <ol className="cash-timeline" data-testid="investigate-timeline">
              {result.timeline.map((e, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: drawn whole from one answer, never changed in place
                <li key={i} data-state="done">
                  <strong>{t(`admin.investigate.state.${e.state}`)}</strong> · <time dateTime={e.at}>{when(e.at)}</time>
                  {e.amount && e.asset ? <> · {money(e.amount, e.asset)}</> : null}
                  {e.adminAction ? <> · {t(`admin.investigate.adminAction.${e.adminAction}`)}</> : null}
                  {e.detail ? <> · {e.detail}</> : null}
                  {e.title ? <> · {movementTitleText(e.title, locale)}</> : null}
                  {e.reason ? <> · {movementReasonText(e.reason, locale)}</> : null}
                </li>
              ))}
            </ol>
          </section>
          <section className="cash-card cash-stack" aria-labelledby="investigate-journals">
            <h2 id="investigate-journals">{t('admin.investigate.journals')}</h2>
            {result.journals.length === 0 ? <p className="cash-muted">{t('admin.investigate.noJournals')}</p> : null}
            {result.journals.map((j) => (
              <TableScroll
                key={j.id}
                inCard
                label={t('admin.investigate.journal', {
                  kind: kindText('journal', j.kind, locale),
                  title: movementTitleText(j.title, locale),
                })}
              >
                <table className="cash-table" data-testid="investigate-journal">
                  <caption>
                    <strong>{kindText('journal', j.kind, locale)}</strong> · {movementTitleText(j.title, locale)} ·{' '}
                    <time dateTime={j.createdAt}>{when(j.createdAt)}</time>
                    <br />
                    <span className="cash-mono cash-muted">{j.id}</span>
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('admin.investigate.ledgerAccount')}</th>
                      <th scope="col">{t('admin.investigate.debit')}</th>
                      <th scope="col">{t('admin.investigate.credit')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {j.entries.map((e, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: drawn whole from one answer, never changed
                      <tr key={i}>
                        <th scope="row">
                          {e.code} · {e.owner === 'platform' ? t('admin.investigate.platform') : e.owner}
                        </th>
                        <td>{e.side === 'debit' ? money(e.amount, e.asset) : ''}</td>
                        <td>{e.side === 'credit' ? money(e.amount, e.asset) : ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            ))}
          </section>
          <section className="cash-card cash-stack" aria-labelledby="investigate-holds">
            <h2 id="investigate-holds">{t('admin.investigate.holds')}</h2>
            {result.holds.length === 0 ? <p className="cash-muted">{t('admin.investigate.noHolds')}</p> : null}
            <ul className="cash-list">
              {result.holds.map((h) => (
                <li key={h.id}>
                  <strong>{money(h.amount, h.asset)}</strong> · {t(`admin.investigate.state.${h.status}`)}
                  {h.postedAmount
                    ? ` (${t('admin.investigate.posted', { amount: money(h.postedAmount, h.asset) })})`
                    : null}
                  {h.adminAction ? ` · ${t(`admin.investigate.adminAction.${h.adminAction}`)}` : null} ·{' '}
                  {movementTitleText(h.title, locale)}
                  <br />
                  <span className="cash-muted">
                    {t('admin.investigate.holdTimes', { created: when(h.createdAt), expires: when(h.expiresAt) })}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : null}
    </Page>
  )
}
