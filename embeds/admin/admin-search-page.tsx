import { useState, type ReactNode } from 'react'
import type { z } from 'zod'
import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { Page } from '../ui/page'
import { AdminNav } from './admin-nav'
import { AdminSearchForm } from './admin-search-form'

type Area = 'user' | 'account' | 'card'

/**
 * A back-office search screen: the search box, then "Results for “…”" with the items `renderItems` lists
 * (or a plain "none"). `endpoint` is the admin API that answers `{ items }` for `?q=`.
 */
export function AdminSearchPage<S extends z.ZodType<{ items: unknown[] }>>({
  title,
  area,
  endpoint,
  schema,
  renderItems,
}: EmbedProps & { area: Area; endpoint: string; schema: S; renderItems: (items: z.output<S>['items']) => ReactNode }) {
  const { api } = useSession()
  const { t } = useI18n()
  const [results, setResults] = useState<{ q: string; items: z.output<S>['items'] } | null>(null)
  return (
    <Page title={title}>
      <AdminNav current={`/admin/${area}`} />
      <AdminSearchForm
        label={`admin.${area}.search`}
        hint={`admin.${area}.searchHint`}
        onSearch={async (q) =>
          setResults({ q, items: (await api.get(`${endpoint}?q=${encodeURIComponent(q)}`, schema)).items })
        }
      />
      {results ? (
        <section className="cash-card cash-stack" aria-labelledby={`admin-${area}-results`} aria-live="polite">
          <h2 id={`admin-${area}-results`}>{t(`admin.${area}.results`, { q: results.q })}</h2>
          {results.items.length === 0 ? <p>{t(`admin.${area}.none`)}</p> : renderItems(results.items)}
        </section>
      ) : null}
    </Page>
  )
}
