import { useState, type FormEvent } from 'react'
import { HELP_CATEGORIES } from '../../domain/help-center'
import { useEmbedNavigation } from '../lib/embed-navigation'
import { useI18n } from '../lib/i18n'
import { CalloutCard } from '../ui/state-views'
import { helpCenterHref } from './article-links'

/** `/support`: search the help center, browse its topics, contact us, wallet instructions, disputes. */
export function SupportHomePage() {
  const { t } = useI18n()
  const navigation = useEmbedNavigation()
  const [q, setQ] = useState('')
  const search = (e: FormEvent) => {
    e.preventDefault()
    navigation.go(helpCenterHref({ q: q.trim() }))
  }
  return (
    <div className="cash-stack">
      <form role="search" className="cash-card cash-stack" onSubmit={search}>
        <div className="cash-field">
          <label htmlFor="support-search">{t('support.home.searchLabel')}</label>
          <input
            id="support-search"
            type="search"
            name="q"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            autoComplete="off"
          />
        </div>
        <div>
          <button type="submit" className="cash-button">
            {t('support.home.searchButton')}
          </button>
        </div>
      </form>
      <section className="cash-stack" aria-labelledby="support-topics">
        <h2 id="support-topics">{t('support.home.topics')}</h2>
        <ul className="cash-link-list">
          {HELP_CATEGORIES.map((c) => (
            <li key={c}>
              <a href={helpCenterHref({ category: c })}>{t(`support.category.${c}`)}</a>
            </li>
          ))}
        </ul>
      </section>
      <CalloutCard
        title={t('support.home.contactTitle')}
        body={t('support.home.contactBody')}
        action={<a href="/app/cash/support/feedback">{t('support.home.contactAction')}</a>}
      />
      <CalloutCard
        title={t('support.home.walletTitle')}
        body={t('support.home.walletBody')}
        action={<a href="/app/cash/support/wallet-instruct">{t('support.home.walletAction')}</a>}
      />
      <CalloutCard
        title={t('support.home.disputeTitle')}
        body={t('support.home.disputeBody')}
        action={<a href="/app/cash/transaction-history">{t('support.home.disputeAction')}</a>}
      />
    </div>
  )
}
