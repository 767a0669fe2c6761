import { say } from '../../domain/error-message'
import {
  AdminFeedbackQuery,
  AdminFeedbackResponse,
  ArticleLocaleQuery,
  ArticleParams,
  ArticlesQuery,
  ArticlesResponse,
  ArticleView,
  FEEDBACK_PER_HOUR,
  FeedbackBody,
  FeedbackIdParams,
  FeedbackView,
  MarkFeedbackReadResponse,
  type ArticleSummary,
} from '../../domain/api/support.schema'
import { DomainError } from '../../domain/errors'
import { helpArticle, helpLocale, type HelpArticle, type HelpLocale } from '../../domain/help-center'
import { searchHelp } from '../../domain/help-search'
import { defineRoute } from '../http/route-table'
import { listFeedback, markFeedbackRead, sendFeedback } from './feedback-service'

/** The caller's language: the `locale` asked for, else the browser's Accept-Language. */
const localeOf = (asked: string | undefined, acceptLanguage: string | undefined): HelpLocale =>
  helpLocale(asked ?? acceptLanguage)

const summaryOf = (a: HelpArticle, locale: HelpLocale): ArticleSummary => ({
  id: a.id,
  category: a.category,
  title: a.text[locale].title,
  summary: a.text[locale].summary,
})

export const supportRoutes = [
  defineRoute({
    method: 'get',
    path: '/support/articles',
    summary:
      'Help center: search articles (accent- and case-insensitive; title matches first), optionally in one category',
    tag: 'support',
    access: { kind: 'public' },
    query: ArticlesQuery,
    response: ArticlesResponse,
    handler: async ({ c, query }) => {
      const locale = localeOf(query.locale, c.req.header('accept-language'))
      const hits = searchHelp(query.q, { locale, category: query.category })
      return { locale, q: query.q, items: hits.map((h) => summaryOf(h.article, locale)) }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/support/articles/:id',
    summary: 'One help article with its body and related articles',
    tag: 'support',
    access: { kind: 'public' },
    params: ArticleParams,
    query: ArticleLocaleQuery,
    response: ArticleView,
    handler: async ({ c, params, query }) => {
      const article = helpArticle(params.id)
      if (!article) throw new DomainError('not_found', say('no_help_article'))
      const locale = localeOf(query.locale, c.req.header('accept-language'))
      const text = article.text[locale]
      const related = article.related.map(helpArticle).filter((a): a is HelpArticle => a !== undefined)
      return {
        ...summaryOf(article, locale),
        locale,
        keywords: text.keywords,
        body: text.body,
        related: related.map((a) => summaryOf(a, locale)),
      }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/support/feedback',
    // Too many messages from one person.
    errorStatuses: [429],
    summary: `Send feedback: a rating of 1–5 and a message (at most ${FEEDBACK_PER_HOUR} an hour per person)`,
    tag: 'support',
    access: { kind: 'user' },
    status: 201,
    body: FeedbackBody,
    response: FeedbackView,
    handler: ({ deps, body, principal }) => sendFeedback(deps, principal!, body),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/feedback',
    summary: 'Feedback inbox: newest first, with who sent it and the unread count',
    tag: 'admin',
    access: { kind: 'platform_admin' },
    query: AdminFeedbackQuery,
    response: AdminFeedbackResponse,
    handler: ({ db, query }) => listFeedback(db, { limit: query.limit, unreadOnly: query.unread === 'true' }),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/feedback/:id/read',
    summary: 'Mark one feedback message read (audited)',
    tag: 'admin',
    access: { kind: 'platform_admin' },
    params: FeedbackIdParams,
    response: MarkFeedbackReadResponse,
    handler: ({ deps, params, principal }) => markFeedbackRead(deps, principal!.userId, params.id),
  }),
]
