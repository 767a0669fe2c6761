import { useState } from 'react'
import { HELP_CATEGORIES, type HelpCategory } from '../../domain/help-center'
import { useI18n } from '../lib/i18n'
import { LoadingState } from '../ui/state-views'
import { ArticleLinks } from './article-links'
import { useHelpSearch } from './use-help-search'
import { usePageQuery } from '../lib/embed-navigation'
import { ResourceView } from '../ui/resource-view'

const isCategory = (value: string | null): value is HelpCategory =>
  (HELP_CATEGORIES as readonly string[]).includes(value ?? '')

/**
 * `/support/help-center`: search (results follow the typing), a topic filter, and an empty state that says what found
 * nothing.
 */
export function HelpCenterPage() {
  const { t } = useI18n()
  const query = usePageQuery()
  const [q, setQ] = useState(() => query.get('q') ?? '')
  const [category, setCategory] = useState<HelpCategory | ''>(() => {
    const asked = query.get('category')
    return isCategory(asked) ? asked : ''
  })
  const results = useHelpSearch(q, category)
  const shown = results.shown
  const found = shown ? (
    <>
      <h2 id="help-results-count" style={{ fontSize: '1rem' }}>
        <span role="status">
          {shown.items.length === 1
            ? t('support.help.countOne')
            : t('support.help.countMany', { count: String(shown.items.length) })}
        </span>
      </h2>
      {shown.items.length === 0 ? (
        <div className="cash-card cash-stack" data-testid="support.help.empty">
          <p style={{ margin: 0 }}>
            <strong>{t('support.help.empty', { q: shown.q })}</strong>
          </p>
          <p className="cash-muted" style={{ margin: 0 }}>
            {t('support.help.emptyHint')}
          </p>
          <a href="/app/cash/support/feedback">{t('support.home.contactAction')}</a>
        </div>
      ) : (
        <ArticleLinks items={shown.items} testId="support.help.results" />
      )}
    </>
  ) : null
  return (
    <div className="cash-stack">
      <form role="search" className="cash-card cash-stack" onSubmit={(e) => e.preventDefault()}>
        <div className="cash-field">
          <label htmlFor="help-search">{t('support.home.searchLabel')}</label>
          <input
            id="help-search"
            type="search"
            name="q"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            autoComplete="off"
            aria-controls="help-results"
          />
        </div>
        <div className="cash-field">
          <label htmlFor="help-category">{t('support.help.category')}</label>
          <select
            id="help-category"
            value={category}
            onChange={(e) => setCategory(isCategory(e.target.value) ? e.target.value : '')}
            aria-controls="help-results"
          >
            <option value="">{t('support.help.allCategories')}</option>
            {HELP_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`support.category.${c}`)}
              </option>
            ))}
          </select>
        </div>
      </form>
      <section id="help-results" className="cash-stack" aria-labelledby="help-results-count">
        {/* The last answer stays while the next search loads; a failure shows alone. */}
        <ResourceView resource={results} loading={found ?? <LoadingState />}>
          {() => found}
        </ResourceView>
      </section>
    </div>
  )
}
