import { DECLINE_REASONS } from '../../domain/authorization'
import { isAsset } from '../../domain/asset'
import { formatDate, formatMonth } from '../../domain/format-date'
import { formatAssetAmount, formatNumber, parseAmount, formatDecimal } from '../../domain/money'
import type { Locale } from './i18n'

/**
 * The server writes each movement's title once, in English, when the money moves (journal descriptions are
 * part of the ledger and never rewritten). A Portuguese page shows them through these patterns: one per
 * sentence shape the server composes, names and amounts carried over as they are. A title with no pattern
 * (a merchant's name, a holder's own words) is shown as written.
 */
const TITLES_PT_BR: readonly [RegExp, (...m: string[]) => string][] = [
  [
    /^Deposited (\S+) (\w+) in the Liquid (\w+) vault$/,
    (a, asset, v) => `Depósito de ${a} ${asset} no cofre Liquid ${v}`,
  ],
  [
    /^Withdrew (\S+) (\w+) from the Liquid (\w+) vault$/,
    (a, asset, v) => `Resgate de ${a} ${asset} do cofre Liquid ${v}`,
  ],
  [/^Withdrawal to (.+)$/, (to) => `Saque para ${to}`],
  [/^(\w+) withdrawal to (.+)$/, (asset, to) => `Saque de ${asset} para ${to}`],
  [/^(\w+) withdrawal returned$/, (asset) => `Saque de ${asset} devolvido`],
  [/^(\w+) deposit$/, (asset) => `Depósito de ${asset}`],
  [/^PIX top-up (.+)$/, (brl) => `Recarga por PIX ${brl}`],
  [/^PIX to (.+)$/, (who) => `PIX para ${who}`],
  [/^(ACH|SEPA|Wire) from (.+)$/, (rail, who) => `${rail === 'Wire' ? 'Transferência' : rail} de ${who}`],
  [/^(ACH|SEPA) to (.+)$/, (rail, who) => `${rail} para ${who}`],
  [/^(\w+) from (\S+) via (.+)$/, (asset, chain, bridge) => `${asset} de ${chain} via ${bridge}`],
  [/^Bank transfer returned$/, () => 'Transferência bancária devolvida'],
  [/^Repaid borrowed USDC$/, () => 'Pagamento de USDC emprestado'],
  [/^Borrow interest for (\S+) on (\S+) USD$/, (day, debt) => `Juros do Borrow de ${day} sobre ${debt} USD`],
  [
    /^Liquidation: (\S+) USD of debt repaid from collateral$/,
    (a) => `Liquidação: ${a} USD de dívida pagos com a garantia`,
  ],
  [/^Converted (\S+) (\w+) for (\S+) (\w+)$/, (a, f, b, t) => `Conversão de ${a} ${f} em ${b} ${t}`],
  [/^Staked (\S+) (\w+) for (\S+) (\w+)$/, (a, f, b, t) => `Stake de ${a} ${f} por ${b} ${t}`],
  [/^Cashback \(promotion\)(.*)$/, (rest) => `Cashback (promoção)${rest}`],
  [/^Cashback \(referral\)(.*)$/, (rest) => `Cashback (indicação)${rest}`],
  [/^Referral cashback$/, () => 'Cashback de indicação'],
  [/^(\w+) membership reward · (.+)$/, (tier, month) => `Recompensa de membro ${tier} · ${month}`],
  [/^Physical card fee · (.+)$/, (who) => `Tarifa do cartão físico · ${who}`],
  [/^Refund from Cash · (.+)$/, (why) => `Reembolso do Cash · ${why}`],
  [/^Card purchase · (.+?)( \(borrowed\))?$/, (m, b) => `Compra no cartão · ${m}${b ? ' (emprestado)' : ''}`],
]

/** A card decline's reason in Portuguese, keyed by the English sentence the server sends. */
const DECLINES_PT_BR: Readonly<Record<keyof typeof DECLINE_REASONS, string>> = {
  account_frozen: 'Recusada: esta conta foi congelada pelo Cash. Fale com o suporte.',
  card_frozen: 'Recusada: este cartão está congelado. Descongele-o para pagar.',
  card_cancelled: 'Recusada: este cartão foi cancelado.',
  card_not_activated: 'Recusada: este cartão ainda não foi ativado. Ative-o no app quando ele chegar.',
  merchant_category_blocked: 'Recusada: compras deste tipo estão bloqueadas neste cartão.',
  over_card_purchase_limit: 'Recusada: acima do limite por compra deste cartão.',
  over_card_daily_limit: 'Recusada: acima do limite diário deste cartão.',
  over_card_monthly_limit: 'Recusada: acima do limite mensal deste cartão.',
  over_daily_limit: 'Recusada: acima do seu limite diário de gastos.',
  over_monthly_limit: 'Recusada: acima do seu limite mensal de gastos.',
  insufficient_spendable: 'Recusada: saldo disponível insuficiente.',
  authorization_closed:
    'Recusada: a compra a que isto se soma não está mais aberta (liquidada, cancelada ou expirada).',
  timeout: 'Recusada: o Cash não respondeu à rede do cartão a tempo.',
}
const DECLINE_BY_TEXT = new Map(
  Object.entries(DECLINE_REASONS).map(([code, text]) => [
    text as string,
    DECLINES_PT_BR[code as keyof typeof DECLINE_REASONS],
  ]),
)

/**
 * Amounts the server wrote into a title through the locale's formatter: an asset's ("0.033233333333333334 ETH" →
 * "0.033233 ETH") and dollars as money ("on 12.5 USD" → "on $12.50", "sobre US$ 12,50").
 */
function formatAmountsIn(title: string, locale: Locale): string {
  return title.replace(/\b(\d+(?:\.\d+)?) (USDC|USDT|ETH|weETH|USD)\b/g, (text, amount: string, unit: string) => {
    try {
      if (unit === 'USD') return formatDecimal(amount, 'USDC', locale)
      return isAsset(unit) ? formatAssetAmount(parseAmount(amount, unit), unit, locale) : text
    } catch {
      return text
    }
  })
}

/**
 * Days and months the server wrote into a title as ISO ("Borrow interest for 2026-11-25", "membership reward ·
 * 2026-11") the way every page shows a date: "Nov 25, 2026", "November 2026". They are UTC calendar days.
 */
function formatDatesIn(title: string, locale: Locale): string {
  return title
    .replace(/\b(\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))\b/g, (day: string) =>
      formatDate(`${day}T00:00:00Z`, locale, 'date', 'UTC'),
    )
    .replace(/ · (\d{4}-(?:0[1-9]|1[0-2]))$/, (_m, month: string) => ` · ${formatMonth(month, locale)}`)
}

/** A movement's title in the page's language, its amounts and dates formatted the page's way. */
export function localiseTitle(raw: string, locale: Locale): string {
  const title = locale === 'pt-BR' ? titleInPortuguese(raw) : raw
  return formatDatesIn(formatAmountsIn(title, locale), locale)
}

/** A title by the first sentence shape it has, or as written (a merchant's name). */
function titleInPortuguese(raw: string): string {
  for (const [pattern, render] of TITLES_PT_BR) {
    const m = pattern.exec(raw)
    if (m) return render(...m.slice(1).map((g) => g ?? ''))
  }
  return raw
}

/** Other reasons the server composes (a returned bank transfer's), by sentence shape, as for titles. */
const REASONS_PT_BR: readonly [RegExp, (...m: string[]) => string][] = [
  [
    /^Transfers from someone else are limited to \$(\S+) each; this one was returned to the sender\.$/,
    (cap) =>
      `Transferências de outra pessoa são limitadas a ` +
      `US$ ${formatNumber(cap.replaceAll(',', ''), 'pt-BR')} cada; esta foi devolvida ao remetente.`,
  ],
]

/** A movement's reason (a decline's, a failure's) in the page's language. */
export function localiseReason(reason: string, locale: Locale): string {
  if (locale === 'en-US') return reason
  const decline = DECLINE_BY_TEXT.get(reason)
  if (decline) return decline
  for (const [pattern, render] of REASONS_PT_BR) {
    const m = pattern.exec(reason)
    if (m) return render(...m.slice(1).map((g) => g ?? ''))
  }
  return reason
}
