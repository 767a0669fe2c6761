import { ArticleView } from '../../domain/api/support.schema'
import { helpLocale } from '../../domain/help-center'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'
import { Page } from '../ui/page'
import { CalloutCard, ErrorState, LoadingState } from '../ui/state-views'
import { ArticleLinks, helpCenterHref } from './article-links'
import { ResourceView } from '../ui/resource-view'

/**
 * `/support/help-center/{id}`: one article in the page's language, a breadcrumb back, related articles; an unknown id
 * says so.
 */
export function ArticlePage({ id, fallbackTitle }: { id: string; fallbackTitle: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const lang = helpLocale(locale)
  const article = useResource(`article:${id}:${lang}`, (signal) =>
    api.get(`/support/articles/${encodeURIComponent(id)}?locale=${lang}`, ArticleView, signal),
  )
  return (
    <ResourceView
      resource={article}
      loading={
        <Page title={fallbackTitle}>
          <LoadingState />
        </Page>
      }
      error={(error, retry) => (
        <Page title={fallbackTitle}>
          {error.status === 404 ? (
            <CalloutCard
              title={t('support.article.notFoundTitle')}
              body={t('support.article.notFoundBody')}
              action={<a href={helpCenterHref()}>{t('support.article.backToHelp')}</a>}
            />
          ) : (
            <ErrorState message={error.message} onRetry={retry} />
          )}
        </Page>
      )}
    >
      {(a) => (
        <Page title={a.title}>
          <nav aria-label={t('support.article.breadcrumb')}>
            <ol
              className="cash-row"
              style={{
                listStyle: 'none',
                margin: '0 0 12px',
                padding: 0,
                justifyContent: 'flex-start',
                flexWrap: 'wrap',
                gap: 8,
                fontSize: '0.9375rem',
              }}
            >
              <li>
                <a href="/app/cash/support">{t('support.article.support')}</a> ›
              </li>
              <li>
                <a href={helpCenterHref()}>{t('support.article.helpCenter')}</a> ›
              </li>
              <li>
                <a href={helpCenterHref({ category: a.category })}>{t(`support.category.${a.category}`)}</a> ›
              </li>
              <li aria-current="page">{a.title}</li>
            </ol>
          </nav>
          <article className="cash-card cash-stack" data-testid="support.article">
            <p style={{ margin: 0 }}>
              <strong>{a.summary}</strong>
            </p>
            {a.body.map((block, i) =>
              block.kind === 'p' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: drawn whole from one answer, never changed in place
                <p key={i} style={{ margin: 0 }}>
                  {block.text}
                </p>
              ) : block.kind === 'steps' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: drawn whole from one answer, never changed in place
                <ol key={i} style={{ margin: 0, paddingInlineStart: 24, display: 'grid', gap: 6 }}>
                  {block.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ol>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: drawn whole from one answer, never changed in place
                <ul key={i} style={{ margin: 0, paddingInlineStart: 24, display: 'grid', gap: 6 }}>
                  {block.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ),
            )}
          </article>
          {a.related.length > 0 ? (
            <section className="cash-stack" aria-labelledby="article-related">
              <h2 id="article-related">{t('support.article.related')}</h2>
              <ArticleLinks items={a.related} />
            </section>
          ) : null}
          <CalloutCard
            title={t('support.article.stillNeedHelp')}
            body={t('support.article.stillNeedHelpBody')}
            action={
              <a
                href={`/app/cash/support/feedback?from=${encodeURIComponent(`/app/cash/support/help-center/${a.id}`)}`}
              >
                {t('support.home.contactAction')}
              </a>
            }
          />
        </Page>
      )}
    </ResourceView>
  )
}
