import type { ArticleSummary } from '../../domain/api/support.schema'

/** The help center's address for an article, a search or a topic. */
export const articleHref = (id: string) => `/app/cash/support/help-center/${encodeURIComponent(id)}`
export const helpCenterHref = (search: { q?: string; category?: string } = {}) => {
  const query = new URLSearchParams(Object.entries(search).filter(([, v]) => v) as [string, string][]).toString()
  return `/app/cash/support/help-center${query ? `?${query}` : ''}`
}

/** Articles as a list of links: the title, then the summary. */
export function ArticleLinks({ items, testId }: { items: ArticleSummary[]; testId?: string }) {
  return (
    <ul className="cash-link-list" data-testid={testId}>
      {items.map((a) => (
        <li key={a.id}>
          <a href={articleHref(a.id)}>
            <strong>{a.title}</strong>
            <span className="cash-muted">{a.summary}</span>
          </a>
        </li>
      ))}
    </ul>
  )
}
