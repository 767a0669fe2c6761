import type { ReactNode } from 'react'
import type { AdminAccountFreeze } from '../../domain/api/admin-people.schema'
import { formatDate } from '../../domain/format-date'
import { useAccountFreeze } from '../lib/use-account-freeze'
import { useI18n } from '../lib/i18n'
import { ResourceView } from './resource-view'

/**
 * The first screen of every flow that takes money out or spends it (withdraw, PIX, bank send, convert, earn,
 * repay, ordering or issuing a card): on a frozen account it says so, with the reason and what to do next,
 * instead of letting the holder fill in a form the server will refuse at its last step. Until Cash says whether
 * it is frozen, the loading line (not the form, which a freeze would then pull away); if it cannot say, its error
 * with a retry; not frozen, the flow.
 */
export function FrozenGate({ accountId, children }: { accountId: string; children: ReactNode }) {
  const freeze = useAccountFreeze(accountId)
  return <ResourceView resource={freeze}>{(f) => (f.frozen ? <FrozenCard freeze={f} /> : children)}</ResourceView>
}

function FrozenCard({ freeze: f }: { freeze: AdminAccountFreeze }) {
  const { t, locale } = useI18n()
  return (
    <section
      className="cash-card cash-stack"
      role="alert"
      aria-labelledby="frozen-gate-title"
      data-testid="frozen-gate"
    >
      <h2 id="frozen-gate-title">{t('frozen.title')}</h2>
      <p style={{ margin: 0 }}>
        {t('frozen.body', {
          when: f.frozenAt ? formatDate(f.frozenAt, locale) : '',
          reason: f.frozenReason ?? t('frozen.noReason'),
        })}
      </p>
      <p className="cash-muted" style={{ margin: 0 }}>
        {t('frozen.next')}
      </p>
      <div className="cash-row">
        <a className="cash-button" href="/app/cash/support">
          {t('frozen.contact')}
        </a>
        <a className="cash-button" data-variant="secondary" href="/app/cash/top-up">
          {t('frozen.addMoney')}
        </a>
      </div>
    </section>
  )
}
