import { expect, type Page } from '@playwright/test'

/**
 * Phone fit (DESIGN.md, Layout: every screen fits 320 px without sideways scrolling). At the page's current size:
 * - the page does not scroll sideways (the document is no wider than the window); when it does, the outermost
 *   elements that stick out are named;
 * - no visible control (button, link, field, [role=button]) leaves the window sideways or is cut off by a box
 *   that hides its overflow. A control inside a box that scrolls on its own (a table scroller, a JSON block) may
 *   be scrolled out of sight, but that box must itself fit the window.
 * - a value beside its label (`.cash-row > dt + dd`) that goes to the next line keeps to the right edge;
 * - a choice (a label holding a radio or checkbox) is at least 44 px high, and a box's words are in the label that
 *   holds it (a box beside a separate label wraps apart from its words on a phone);
 * - two cards one above the other do not touch (the design's gap between them, at least 8 px);
 * - a list row's title is not cut with an ellipsis (it wraps, whole), and a movement's time is on one line;
 * - a table's caption stays in view in a box that scrolls the table sideways;
 * - a segmented control shows all its views (unless it is one marked to scroll: the back office's sections);
 * - no word of running text is broken mid-word ("Empresta / do"): words wrap at spaces (a value of letters, digits
 *   and signs, an address, e-mail or code, may break anywhere).
 * Each problem is one line: what, where (a short selector and its text) and how wide.
 */
export async function fitProblems(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    // Two frames first, so what reacts to the new size or scheme (resize listeners, media queries read in code) has
    // drawn.
    await new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())))
    const width = window.innerWidth
    const slack = 0.5
    const problems: string[] = []
    const describeElement = (el: Element): string => {
      const part = (e: Element) => {
        // React's generated ids (useId) say nothing to a reader: left out.
        const id = e.id && !/^_R_|^[:«]/.test(e.id) ? `#${e.id}` : ''
        const testId = e.getAttribute('data-testid')
        const name = e.getAttribute('name')
        const cls =
          typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/).join('.')}` : ''
        return (
          `${e.tagName.toLowerCase()}${id}${testId ? `[data-testid=${testId}]` : ''}${name ? `[name=${name}]` : ''}` +
          `${cls}`
        )
      }
      const chain: string[] = []
      for (let e: Element | null = el; e && e !== document.body && chain.length < 3; e = e.parentElement)
        chain.unshift(part(e))
      const text = (
        el.getAttribute('aria-label') ||
        (el as HTMLElement).innerText ||
        (el as HTMLInputElement).value ||
        ''
      )
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 40)
      return `${chain.join(' > ')}${text ? ` "${text}"` : ''}`
    }
    const px = (n: number) => `${Math.round(n)} px`
    const visible = (el: Element, r: DOMRect) =>
      r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden'
    const overflowX = (el: Element) => getComputedStyle(el).overflowX
    /** The nearest ancestor that scrolls on its own (its own scrollbar), if any. */
    const scroller = (el: Element): Element | null => {
      for (let e = el.parentElement; e && e !== document.body && e !== document.documentElement; e = e.parentElement)
        if (['auto', 'scroll'].includes(overflowX(e))) return e
      return null
    }
    /** Off-screen on purpose: the skip link until focused, visually hidden text and inputs. */
    const hiddenOnPurpose = (el: Element) => !!el.closest('.cash-skip-link:not(:focus), .cash-visually-hidden')

    const docWidth = document.documentElement.scrollWidth
    if (docWidth > width) {
      // The outermost elements sticking out past the right edge (or the left) outside any scroller: the culprits.
      const culprits: string[] = []
      for (const el of document.body.querySelectorAll('*')) {
        const r = el.getBoundingClientRect()
        if (!visible(el, r) || hiddenOnPurpose(el) || scroller(el)) continue
        if (r.right <= width + slack && r.left >= -slack) continue
        const parent = el.parentElement!.getBoundingClientRect()
        if (el.parentElement !== document.body && parent.right > width + slack) continue
        culprits.push(`${describeElement(el)} (${px(r.width)} wide, ${px(r.right - width)} past the edge)`)
      }
      problems.push(
        `the page scrolls sideways: ${px(docWidth)} wide in a ${px(width)} ` +
          `window${culprits.length ? `; sticking out: ${culprits.slice(0, 6).join('; ')}` : ''}`,
      )
    }
    const controls = document.body.querySelectorAll(
      'button, a[href], input:not([type=hidden]), select, textarea, [role=button]',
    )
    const seenScrollers = new Set<Element>()
    const outside: string[] = []
    for (const el of controls) {
      const r = el.getBoundingClientRect()
      if (!visible(el, r) || hiddenOnPurpose(el)) continue
      // A box that hides its overflow between the control and its scroller (or the page) must hold it whole.
      let clipped: Element | null = null
      let own: Element | null = null
      for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
        const o = overflowX(e)
        if (o === 'auto' || o === 'scroll') {
          own = e
          break
        }
        if (o === 'hidden' || o === 'clip') {
          const b = e.getBoundingClientRect()
          if (r.left < b.left - slack || r.right > b.right + slack) clipped = e
        }
      }
      if (clipped)
        problems.push(`control cut off by ${describeElement(clipped)}: ${describeElement(el)} (${px(r.width)} wide)`)
      else if (own) {
        const b = own.getBoundingClientRect()
        if (!seenScrollers.has(own) && (b.left < -slack || b.right > width + slack))
          problems.push(
            `scroll box past the window: ${describeElement(own)} ` +
              `(${px(b.width)} wide, ${px(b.right - width)} past the edge)`,
          )
        seenScrollers.add(own)
      } else if (r.left < -slack || r.right > width + slack)
        outside.push(`${describeElement(el)} (${px(r.width)} wide, ${px(r.right - width)} past the edge)`)
    }
    if (outside.length) problems.push(`${outside.length} control(s) past the window: ${outside.join('; ')}`)
    // A label and its value side by side (.cash-row > dt + dd): when the value goes to the next line on a narrow
    // screen it keeps to the right edge, under the other values, not at the left where it reads as another label.
    for (const dd of document.body.querySelectorAll('.cash-row > dd')) {
      const dt = dd.previousElementSibling
      const r = dd.getBoundingClientRect()
      if (dt?.tagName !== 'DT' || !visible(dd, r) || hiddenOnPurpose(dd)) continue
      const row = dd.parentElement!
      const right = row.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(row).paddingRight)
      if (r.top >= dt.getBoundingClientRect().bottom - slack && Math.abs(r.right - right) > 1)
        problems.push(`a value under its label, not at the right: ${describeElement(dd)} (${describeElement(dt)})`)
    }
    // A choice (a radio or checkbox with its words in one label) is a target a thumb can hit: 44 px high at least.
    for (const label of document.body.querySelectorAll('label')) {
      const input = label.querySelector(':scope > input:is([type=radio], [type=checkbox])')
      const r = label.getBoundingClientRect()
      if (!input || !visible(label, r) || hiddenOnPurpose(label)) continue
      if (r.height < 44 - slack)
        problems.push(`a choice smaller than 44 px: ${describeElement(label)} (${px(r.height)} high)`)
    }
    // A radio or checkbox sits in the label with its words, centred on them and one target with them: a box with its
    // words in a separate label is a bare browser control, and on a phone the words wrap under it.
    for (const box of document.body.querySelectorAll('input:is([type=radio], [type=checkbox])')) {
      const r = box.getBoundingClientRect()
      if (!visible(box, r) || hiddenOnPurpose(box) || box.closest('label')) continue
      problems.push(`a choice whose words are not in its label: ${describeElement(box.parentElement ?? box)}`)
    }
    // Cards stacked in a column keep the design's gap: one that touches the card above reads as part of it (a form's
    // card right under a list's last card).
    const cards = [...document.body.querySelectorAll('.cash-card')].filter(
      (c) => visible(c, c.getBoundingClientRect()) && !hiddenOnPurpose(c),
    )
    for (const upper of cards)
      for (const lower of cards) {
        if (upper === lower || upper.contains(lower) || lower.contains(upper)) continue
        const a = upper.getBoundingClientRect()
        const b = lower.getBoundingClientRect()
        const gap = b.top - a.bottom
        if (gap >= -slack && gap < 8 - slack && a.left < b.right && b.left < a.right)
          problems.push(`cards touching: ${describeElement(lower)} ${px(gap)} under ${describeElement(upper)}`)
      }
    // A list row's title is read whole (a movement's asset, "Adicionar dinheiro com PIX"): it may wrap, but is
    // never cut with an ellipsis; a movement's date and time stay on one line in their column, not "7:25 / PM".
    for (const title of document.body.querySelectorAll('.cash-list-row-title')) {
      const r = title.getBoundingClientRect()
      if (!visible(title, r) || hiddenOnPurpose(title)) continue
      if (title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 1)
        problems.push(`a row's title cut short: ${describeElement(title)} (${px(r.width)} wide)`)
    }
    for (const time of document.body.querySelectorAll('.cash-list-row time')) {
      const r = time.getBoundingClientRect()
      if (!visible(time, r) || hiddenOnPurpose(time)) continue
      const lines = new Set([...time.getClientRects()].map((line) => Math.round(line.top))).size
      const column = time.parentElement!.getBoundingClientRect()
      if (lines > 1) problems.push(`a row's time on ${lines} lines: ${describeElement(time)}`)
      else if (r.right > column.right + slack)
        problems.push(`a row's time past its column: ${describeElement(time)} (${px(r.right - column.right)} over)`)
    }
    // A segmented control of a few views shows them all, side by side (a label wraps rather than the last view being
    // cut at the edge); only one marked to scroll (the back office's many sections) may scroll sideways.
    for (const nav of document.body.querySelectorAll('.cash-segmented:not([data-scrolls])')) {
      const r = nav.getBoundingClientRect()
      if (visible(nav, r) && !hiddenOnPurpose(nav) && nav.scrollWidth > nav.clientWidth + 1)
        problems.push(
          `views of a segmented control cut off: ${describeElement(nav)} (${px(nav.scrollWidth)} of content)`,
        )
    }
    // A table that scrolls sideways in its box keeps its caption in view: not one line as wide as the table, cut at
    // the box's edge.
    for (const caption of document.body.querySelectorAll('caption')) {
      const box = scroller(caption)
      if (!box || !visible(caption, caption.getBoundingClientRect()) || hiddenOnPurpose(caption)) continue
      const words = document.createRange()
      words.selectNodeContents(caption)
      const edge = box.getBoundingClientRect().left + box.clientLeft + box.clientWidth
      if (words.getBoundingClientRect().right > edge + slack)
        problems.push(`a table's caption cut at its scroll box's edge: ${describeElement(caption)}`)
    }
    // A word (letters, perhaps joined by a hyphen or apostrophe, between spaces and punctuation) goes to the next line
    // whole: a narrow phone wraps text at its spaces, and gives a box that cannot fit its longest word room elsewhere
    // (the amount beside "Emprestado" goes under it). Values (addresses, e-mails, codes, figures) are not words.
    const word = /^[\p{L}\p{M}]+(?:[-\u2010'’][\p{L}\p{M}]+)*$/u
    const range = document.createRange()
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text
      const parent = text.parentElement
      if (!parent || hiddenOnPurpose(parent) || parent.closest('code, .cash-mono, script, style, [hidden]')) continue
      for (const token of text.data.matchAll(/\S+/g)) {
        const lead = token[0].match(/^[(“"‘'«¿¡]*/)![0].length
        const bare = token[0].slice(lead).replace(/[)”"’'»,.;:!?…]+$/, '')
        if (!word.test(bare)) continue
        // Each part of a hyphenated word apart: a line may end at its hyphen.
        for (const part of bare.matchAll(/[^-\u2010]+/g)) {
          const start = token.index! + lead + part.index!
          range.setStart(text, start)
          range.setEnd(text, start + part[0].length)
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)))
          if (lines.size > 1) problems.push(`a word broken mid-word: "${part[0]}" in ${describeElement(parent)}`)
        }
      }
    }
    return problems
  })
}

/**
 * The narrowest phone only: nothing lays out differently between 320 px and a phone's 360–430 px (every media and
 * container query is for 720 px and up, and no page code reads the window's width: embeds/ui/colour-scheme.test.ts),
 * so a page that fits 320 px fits those. Measuring 360 px as well cost each step of the walks a resize and a measure.
 */
export const FIT_WIDTHS = [320] as const

/**
 * Measures the page as it is at each phone width (cheap: no reload), in its current colour scheme, then puts the
 * window back. Returns the problems, each prefixed with `where` (a route or step) and the width.
 *
 * The walks never switch a loaded page's scheme to measure it again (a repaint of the whole page; at every step it
 * cost the browser run about 30 s): the English pages are in light and the Portuguese ones in dark from the start,
 * so each route and each step is measured in both schemes and both languages.
 */
export async function phoneFitProblems(
  page: Page,
  where: string,
  widths: readonly number[] = FIT_WIDTHS,
): Promise<string[]> {
  const before = page.viewportSize()
  const scheme = await page.evaluate(() => (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'))
  const problems: string[] = []
  for (const width of widths) {
    await page.setViewportSize({ width, height: 720 })
    for (const problem of await fitProblems(page)) problems.push(`${where} at ${width} px, ${scheme}: ${problem}`)
  }
  if (before) await page.setViewportSize(before)
  return problems
}

/** Fails with every problem named when the page, at its current size, does not fit `width` (the window's width). */
export async function expectFitsWidth(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: page.viewportSize()?.height ?? 720 })
  const problems = await fitProblems(page)
  expect(problems, problems.join('\n')).toEqual([])
}
