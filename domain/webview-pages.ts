/** The embeds, one folder each under embeds/ (ARCHITECTURE.md "Which embed owns which route"). */
export const EMBEDS = [
  'home',
  'auth',
  'onboarding',
  'top-up',
  'pix-top-up',
  'pix-send',
  'withdraw',
  'bank',
  'convert',
  'earn',
  'repay',
  'cards',
  'history',
  'rewards',
  'membership-rewards',
  'account',
  'support',
  'admin',
] as const
export type EmbedName = (typeof EMBEDS)[number]

/**
 * Standalone pages a native app opens in a webview: `/app/cash/webview/<path>` → the embed, and the product
 * path it starts on. Any other embed opens at `/app/cash/webview/<embed>` for QA.
 */
export const WEBVIEW_PAGES: Record<string, { embed: EmbedName; path: string }> = {
  'pix/send': { embed: 'pix-send', path: '/pix/send' },
  'pix/topup': { embed: 'pix-top-up', path: '/pix/top-up' },
  'promotion/membership-rewards': { embed: 'membership-rewards', path: '/promotion/membership-rewards' },
  'top-up': { embed: 'top-up', path: '/top-up' },
  withdraw: { embed: 'withdraw', path: '/withdraw' },
}

export function isEmbedName(value: string): value is EmbedName {
  return (EMBEDS as readonly string[]).includes(value)
}

/**
 * Which standalone page serves a path below `/app/cash/webview/`, and the product path inside it.
 * `pix/send/status` → pix-send at `/pix/send/status`; `cards` → cards at its first route.
 */
export function resolveWebview(rest: string): { embed: EmbedName; path: string } | null {
  const clean = rest.replace(/^\/+|\/+$/g, '')
  for (const [prefix, page] of Object.entries(WEBVIEW_PAGES)) {
    if (clean === prefix || clean.startsWith(`${prefix}/`))
      return { embed: page.embed, path: page.path + clean.slice(prefix.length) }
  }
  const [first = '', ...tail] = clean.split('/')
  if (!isEmbedName(first)) return null
  return { embed: first, path: tail.length ? `/${tail.join('/')}` : '' }
}

/** The standalone address of a product path inside an embed's own page (the inverse of resolveWebview). */
export function webviewUrl(embed: EmbedName, productPath: string): string {
  for (const [prefix, page] of Object.entries(WEBVIEW_PAGES)) {
    if (page.embed === embed && (productPath === page.path || productPath.startsWith(`${page.path}/`))) {
      return `/app/cash/webview/${prefix}${productPath.slice(page.path.length)}`
    }
  }
  return `/app/cash/webview/${embed}?path=${encodeURIComponent(productPath)}`
}
