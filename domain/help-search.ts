import { HELP_ARTICLES, type HelpArticle, type HelpCategory, type HelpLocale } from './help-center'

/**
 * Folds text for matching: lower case, accents dropped, anything but letters and digits as one space.
 * @example foldForSearch('PÍX: Saque!') === 'pix saque'
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** The words of a query; a plural `s` is dropped so "withdrawals" finds "withdrawal" and "saques" finds "saque". */
function queryTerms(query: string): string[] {
  return foldForSearch(query)
    .split(' ')
    .filter((w) => w.length > 0)
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w))
}

/** Where a term was found, and what each place weighs: the title counts most. */
const WEIGHTS = { title: 100, keywords: 30, summary: 20, body: 5 } as const
type Field = keyof typeof WEIGHTS

/** Articles are constant: each one's folded text is worked out once per language. */
const folded = new Map<string, Record<Field, string>>()
function foldedFields(article: HelpArticle, locale: HelpLocale): Record<Field, string> {
  const key = `${locale}:${article.id}`
  let fields = folded.get(key)
  if (!fields) {
    const text = article.text[locale]
    fields = {
      title: ` ${foldForSearch(text.title)} `,
      keywords: ` ${text.keywords.map(foldForSearch).join(' | ')} `,
      summary: ` ${foldForSearch(text.summary)} `,
      body: ` ${foldForSearch(text.body.map((b) => (b.kind === 'p' ? b.text : b.items.join(' '))).join(' '))} `,
    }
    folded.set(key, fields)
  }
  return fields
}

export type HelpHit = { article: HelpArticle; score: number; inTitle: boolean }

/**
 * Searches one language's articles over title, summary, keywords and body, accent- and case-insensitive.
 * Every word of the query must be found somewhere; articles whose title holds a word come first, then by
 * score, then in the help center's own order. An empty query lists every article (of the category, if any).
 */
export function searchHelp(
  query: string,
  options: { locale: HelpLocale; category?: HelpCategory | undefined },
): HelpHit[] {
  const terms = queryTerms(query)
  const hits: (HelpHit & { order: number })[] = []
  HELP_ARTICLES.forEach((article, order) => {
    if (options.category && article.category !== options.category) return
    const fields = foldedFields(article, options.locale)
    let score = 0
    let inTitle = false
    for (const term of terms) {
      let found = false
      for (const field of Object.keys(WEIGHTS) as Field[]) {
        const at = fields[field].indexOf(term)
        if (at < 0) continue
        found = true
        // A match at the start of a word beats one inside a word ("pix" in "pix" over "pix" in "spixel").
        score += fields[field][at - 1] === ' ' ? WEIGHTS[field] : WEIGHTS[field] / 5
        if (field === 'title') inTitle = true
      }
      if (!found) return
    }
    hits.push({ article, score, inTitle, order })
  })
  hits.sort((a, b) => Number(b.inTitle) - Number(a.inTitle) || b.score - a.score || a.order - b.order)
  return hits.map(({ order: _order, ...hit }) => hit)
}
