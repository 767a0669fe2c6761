import { limitKey, messageKey } from '../error-message'
import { z } from 'zod'
import { HELP_CATEGORIES } from '../help-center'
import { IsoDateTime } from './common.schema'

/** Feedback: a rating of 1 (poor) to 5 (great) and a message of at most this many characters. */
export const FEEDBACK_MESSAGE_MAX = 2000
/** A holder may send this many feedback messages per rolling hour. */
export const FEEDBACK_PER_HOUR = 10

export const HelpCategorySchema = z.enum(HELP_CATEGORIES)

const HelpBlockSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('p'), text: z.string() }),
  z.object({ kind: z.literal('steps'), items: z.array(z.string()) }),
  z.object({ kind: z.literal('list'), items: z.array(z.string()) }),
])

/** `locale`: any language tag; `pt…` reads Portuguese, anything else English. */
export const ArticlesQuery = z.object({
  q: z.string().max(200, messageKey('at_most_200_characters')).default(''),
  category: HelpCategorySchema.optional(),
  locale: z.string().max(35).optional(),
})
export const ArticleParams = z.object({ id: z.string().max(100) })
export const ArticleLocaleQuery = z.object({ locale: z.string().max(35).optional() })

export const ArticleSummary = z
  .object({ id: z.string(), category: HelpCategorySchema, title: z.string(), summary: z.string() })
  .meta({ id: 'HelpArticleSummary' })
export type ArticleSummary = z.infer<typeof ArticleSummary>

export const ArticlesResponse = z
  .object({ locale: z.enum(['en', 'pt-BR']), q: z.string(), items: z.array(ArticleSummary) })
  .meta({ id: 'HelpArticles' })
export type ArticlesResponse = z.infer<typeof ArticlesResponse>

export const ArticleView = ArticleSummary.extend({
  locale: z.enum(['en', 'pt-BR']),
  keywords: z.array(z.string()),
  body: z.array(HelpBlockSchema),
  related: z.array(ArticleSummary),
}).meta({ id: 'HelpArticle' })
export type ArticleView = z.infer<typeof ArticleView>

/** Sending feedback. The page checks it with this same schema, so errors show at their field first. */
export const FeedbackBody = z
  .object({
    rating: z.coerce
      .number({ error: messageKey('choose_rating_1_5') })
      .int(messageKey('choose_rating_1_5'))
      .min(1, messageKey('choose_rating_1_5'))
      .max(5, messageKey('choose_rating_1_5')),
    message: z
      .string({ error: messageKey('write_message') })
      .trim()
      .min(1, messageKey('write_message'))
      .max(FEEDBACK_MESSAGE_MAX, limitKey('max_chars')),
    /** Where the holder came from, e.g. `/app/cash/pix/send`. */
    page: z
      .string()
      .trim()
      .max(200, messageKey('at_most_200_characters'))
      .regex(/^\/app\/cash(\/[\w@\-/.]*)?$/, messageKey('page_path_format'))
      .optional(),
  })
  .meta({ id: 'FeedbackBody' })
export type FeedbackBody = z.infer<typeof FeedbackBody>

export const FeedbackView = z
  .object({
    id: z.uuid(),
    rating: z.number().int(),
    message: z.string(),
    page: z.string().nullable(),
    createdAt: IsoDateTime,
  })
  .meta({ id: 'Feedback' })
export type FeedbackView = z.infer<typeof FeedbackView>

/** One message in the admin inbox, with who sent it. */
export const AdminFeedbackItem = FeedbackView.extend({
  readAt: IsoDateTime.nullable(),
  user: z.object({ id: z.uuid(), email: z.string(), name: z.string() }),
  account: z.object({ id: z.uuid(), name: z.string() }).nullable(),
}).meta({ id: 'AdminFeedbackItem' })
export type AdminFeedbackItem = z.infer<typeof AdminFeedbackItem>

export const AdminFeedbackQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  unread: z.enum(['true', 'false']).optional(),
})

export const AdminFeedbackResponse = z
  .object({ items: z.array(AdminFeedbackItem), unread: z.number().int() })
  .meta({ id: 'AdminFeedbackInbox' })
export type AdminFeedbackResponse = z.infer<typeof AdminFeedbackResponse>

export const FeedbackIdParams = z.object({ id: z.uuid() })

export const MarkFeedbackReadResponse = z
  .object({ item: AdminFeedbackItem, unread: z.number().int() })
  .meta({ id: 'MarkFeedbackRead' })
export type MarkFeedbackReadResponse = z.infer<typeof MarkFeedbackReadResponse>
