import { DECLINE_REASONS } from '../../domain/authorization'
import { formatNumber } from '../../domain/money'
import type { Locale } from './i18n'

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

/** Other reasons the server composes (a returned bank transfer's), by sentence shape. */
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
