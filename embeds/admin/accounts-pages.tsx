import { verificationReasonText } from '../../domain/identity'
import { movementTitleText } from '../../domain/movement-words'
import { useState } from 'react'
import { z } from 'zod'
import { AdminAccountDetail, AdminAccountFreeze, AdminAccountsResponse } from '../../domain/api/admin-people.schema'
import { formatDate } from '../../domain/format-date'
import { kindText } from '../../domain/ledger-kinds'
import { TIER_NAMES } from '../../domain/card-issuing'
import { formatMoney, parseAmount, formatDecimal } from '../../domain/money'
import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { useResource } from '../lib/use-resource'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { Page } from '../ui/page'
import { CalloutCard } from '../ui/state-views'
import { AdminNav } from './admin-nav'
import { AdminSearchPage } from './admin-search-page'
import { AuditTrail } from './audit-trail'
import { KycDecisionForm } from './kyc-decision-form'
import { ReasonForm } from './reason-form'
import { ResourceView } from '../ui/resource-view'
import { TableScroll } from '../ui/table-scroll'

type Accounts = z.infer<typeof AdminAccountsResponse>['items']

function AccountList({ items }: { items: Accounts }) {
  const { t, locale } = useI18n()
  return (
    <ul className="cash-link-list" data-testid="admin-account.results">
      {items.map((a) => (
        <li key={a.id}>
          <a href={`/app/cash/admin/account/${a.id}`}>
            <strong>{a.name}</strong>
            {kindText('account', a.kind, locale)} · {TIER_NAMES[a.tier]} ·{' '}
            <span className="cash-mono">{a.safeAddress ?? t('admin.account.noSafe')}</span>
            {a.frozen ? ` · ${t('admin.account.frozenBadge')}` : ''}
          </a>
        </li>
      ))}
    </ul>
  )
}

/** Find an account by a member's e-mail, its safe address or its id. */
export function AdminAccountsPage(props: EmbedProps) {
  return (
    <AdminSearchPage
      {...props}
      area="account"
      endpoint="/admin/accounts"
      schema={AdminAccountsResponse}
      renderItems={(items) => <AccountList items={items} />}
    />
  )
}

/** `/admin/account/{e-mail | safe address | account id}`: the account it names, or the list when it names several. */
export function AdminAccountPage({ title, params }: EmbedProps) {
  const { api } = useSession()
  const { t } = useI18n()
  const param = params.accountSearchParam ?? ''
  const found = useResource(`admin-account-search:${param}`, (signal) =>
    api.get(`/admin/accounts?q=${encodeURIComponent(param)}`, AdminAccountsResponse, signal),
  )
  return (
    <Page title={title}>
      <AdminNav current="/admin/account" />
      <ResourceView resource={found}>
        {(loaded) => (
          <>
            {loaded.items.length === 0 ? (
              <CalloutCard
                title={t('admin.account.none')}
                body={t('admin.account.noneFor', { q: param })}
                action={<a href="/app/cash/admin/account">{t('admin.account.searchAgain')}</a>}
              />
            ) : null}
            {loaded.items.length > 1 ? (
              <section className="cash-card cash-stack" aria-labelledby="admin-account-several">
                <h2 id="admin-account-several">{t('admin.account.several', { q: param })}</h2>
                <AccountList items={loaded.items} />
              </section>
            ) : null}
            {loaded.items.length === 1 ? <AccountDetail accountId={loaded.items[0]!.id} /> : null}
          </>
        )}
      </ResourceView>
    </Page>
  )
}

function AccountDetail({ accountId }: { accountId: string }) {
  const { api } = useSession()
  const { t, locale } = useI18n()
  const [version, setVersion] = useState(0)
  const vip = useAction()
  const detail = useResource(`admin-account:${accountId}:${version}`, (signal) =>
    api.get(`/admin/accounts/${accountId}`, AdminAccountDetail, signal),
  )
  const changed = () => setVersion((v) => v + 1)
  return (
    <ResourceView resource={detail}>
      {({ account, balances, members, cards, activity, openApplications }) => {
        const usd = (v: string) => formatDecimal(v, 'USDC', locale)
        return (
          <>
            {account.frozen ? (
              <p className="cash-warning" role="status" data-testid="admin-account.frozen">
                {t('admin.account.frozenSince', {
                  when: formatDate(account.frozenAt!, locale, 'stamp'),
                  reason: account.frozenReason ?? '',
                })}
              </p>
            ) : null}
            <section className="cash-card cash-stack" aria-labelledby="admin-account-summary">
              <h2 id="admin-account-summary">{account.name}</h2>
              <dl className="cash-stack" style={{ margin: 0 }} data-testid="admin-account.summary">
                <div className="cash-row">
                  <dt>{t('admin.account.id')}</dt>
                  <dd className="cash-mono">{account.id}</dd>
                </div>
                <div className="cash-row">
                  <dt>{t('admin.account.kind')}</dt>
                  <dd>{kindText('account', account.kind, locale)}</dd>
                </div>
                <div className="cash-row">
                  <dt>{t('admin.account.safe')}</dt>
                  <dd className="cash-mono">{account.safeAddress ?? t('admin.account.noSafe')}</dd>
                </div>
                <div className="cash-row">
                  <dt>{t('admin.account.mode')}</dt>
                  <dd>{t(`home.mode.${account.mode}`)}</dd>
                </div>
                <div className="cash-row">
                  <dt>{t('admin.account.limits')}</dt>
                  <dd>
                    {t('admin.account.limitsValue', {
                      daily: usd(balances.dailyLimit),
                      monthly: usd(balances.monthlyLimit),
                    })}
                  </dd>
                </div>
                <div className="cash-row">
                  <dt>{t('admin.account.tier')}</dt>
                  <dd data-testid="admin-account.tier">{TIER_NAMES[account.tier]}</dd>
                </div>
                {account.kind === 'corporate' ? (
                  <div className="cash-row">
                    <dt>{t('admin.account.kyb')}</dt>
                    <dd>
                      {t(`identity.status.${account.kybStatus}`)}
                      {account.kybReasonKey ? ` · ${verificationReasonText(account.kybReasonKey, locale)}` : ''}
                    </dd>
                  </div>
                ) : null}
              </dl>
              <div className="cash-actions">
                <button
                  type="button"
                  className="cash-button"
                  data-variant="secondary"
                  disabled={vip.busy}
                  onClick={() =>
                    void vip.run(async () => {
                      await api.put(`/admin/accounts/${account.id}/vip`, z.unknown(), { vip: account.tier !== 'vip' })
                      changed()
                    })
                  }
                >
                  {account.tier === 'vip' ? t('admin.account.removeVip') : t('admin.account.setVip')}
                </button>
              </div>
              {vip.error ? (
                <p className="cash-alert" role="alert">
                  {vip.error}
                </p>
              ) : null}
            </section>
            {account.frozen ? (
              <ReasonForm
                key={`unfreeze-${version}`}
                id="admin-account.unfreeze"
                title={t('admin.account.unfreezeTitle')}
                label={t('admin.account.unfreeze')}
                busyLabel={t('admin.account.busy')}
                required={false}
                onSubmit={async (reason) => {
                  await api.post(`/admin/accounts/${account.id}/unfreeze`, AdminAccountFreeze, { reason })
                  changed()
                }}
              />
            ) : (
              <ReasonForm
                key={`freeze-${version}`}
                id="admin-account.freeze"
                title={t('admin.account.freezeTitle')}
                label={t('admin.account.freeze')}
                busyLabel={t('admin.account.busy')}
                required
                onSubmit={async (reason) => {
                  await api.post(`/admin/accounts/${account.id}/freeze`, AdminAccountFreeze, { reason })
                  changed()
                }}
              />
            )}
            <section className="cash-card cash-stack" aria-labelledby="admin-account-balances">
              <h2 id="admin-account-balances">{t('admin.account.balances')}</h2>
              <TableScroll inCard label={t('admin.account.balances')}>
                <table className="cash-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('admin.account.asset')}</th>
                      <th scope="col" className="cash-amount">
                        {t('admin.account.balance')}
                      </th>
                      <th scope="col" className="cash-amount">
                        {t('admin.account.available')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {balances.balances.map((b) => (
                      <tr key={b.asset}>
                        <th scope="row">{b.asset}</th>
                        <td className="cash-amount">{formatMoney(parseAmount(b.balance, b.asset), b.asset, locale)}</td>
                        <td className="cash-amount">
                          {formatMoney(parseAmount(b.available, b.asset), b.asset, locale)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
              <p>{t('admin.account.spendable', { amount: usd(balances.spendable), debt: usd(balances.debt) })}</p>
            </section>
            <section className="cash-card cash-stack" aria-labelledby="admin-account-members">
              <h2 id="admin-account-members">{t('admin.account.members')}</h2>
              <ul className="cash-link-list">
                {members.map((m) => (
                  <li key={m.userId}>
                    <a href={`/app/cash/admin/user/${m.userId}`}>
                      <strong>{m.email}</strong>
                      {m.name} · {t(`people.role.${m.role}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
            <section className="cash-card cash-stack" aria-labelledby="admin-account-cards">
              <h2 id="admin-account-cards">{t('admin.account.cards')}</h2>
              {cards.length === 0 ? <p className="cash-muted">{t('admin.account.noCards')}</p> : null}
              <ul className="cash-link-list">
                {cards.map((c) => (
                  <li key={c.id}>
                    <a href={`/app/cash/admin/card/${c.id}`}>
                      <strong>•••• {c.last4}</strong>
                      {t(`cards.kind.${c.kind}`)} · {t(`cards.status.${c.status}`)} · {c.cardholder.email}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
            <section className="cash-card cash-stack" aria-labelledby="admin-account-activity">
              <h2 id="admin-account-activity">{t('admin.account.activity')}</h2>
              {activity.items.length === 0 ? <p className="cash-muted">{t('admin.account.noActivity')}</p> : null}
              <ul className="cash-stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {activity.items.map((a) => (
                  <li key={`${a.id}:${a.asset}`} className="cash-row">
                    <span>
                      {movementTitleText(a.title, locale)} ·{' '}
                      <time dateTime={a.createdAt}>{formatDate(a.createdAt, locale, 'stamp')}</time>
                    </span>
                    <span className="cash-amount">
                      {formatMoney(parseAmount(a.amount.replace(/^-/, ''), a.asset), a.asset, locale).replace(
                        /^/,
                        a.amount.startsWith('-') ? '−' : '+',
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
            {openApplications.map((a) => (
              <KycDecisionForm key={a.id} application={a} onDecided={changed} />
            ))}
            <AuditTrail subjectType="account" subjectId={account.id} version={version} />
          </>
        )
      }}
    </ResourceView>
  )
}
