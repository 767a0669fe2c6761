import { HELD_ASSETS } from './asset'
import { DECLINE_REASONS, type DeclineReason } from './authorization'
import { TIER_NAMES } from './card-issuing'
import type { MovementReason, MovementReasonKey, MovementReasonOf } from './movement-reason'
import { MOVEMENT_TITLES, type MovementTitle, type MovementTitleKey, type MovementTitleOf } from './movement-title'
import { format, type Format, type Language } from './word-format'

export type { Language } from './word-format'

/** One language's wording of every kind of title: a missing kind or a wrong parameter is a type error. */
type Catalog = { [K in MovementTitleKey]: (t: MovementTitleOf<K>, f: Format) => string }

const BRIDGES = { stargate: 'Stargate', etherfi: 'ether.fi' } as const

const EN: Catalog = {
  merchant: (t) => t.merchant,
  card: (t) => `Card · ${t.merchant}`,
  card_borrowed: (t) => `Card purchase · ${t.merchant} (borrowed)`,
  card_refund: (t, f) =>
    `Refund · ${t.merchant}` +
    (t.cashbackReturned ? ` (net of ${f.amount(t.cashbackReturned, 'USDC')} cashback returned)` : ''),
  deposit: (t) => `${t.asset} deposit`,
  sent_out: (t) => `${t.asset} sent out`,
  withdrawal: (t, f) => `${t.asset} withdrawal to ${f.address(t.address)}`,
  withdrawal_returned: (t) => `${t.asset} withdrawal returned`,
  pix_top_up: (t, f) => `PIX top-up ${f.money(t.brl, 'BRL')}`,
  pix_to: (t) => `PIX to ${t.name}`,
  bank_in: (t) => `${{ ach: 'ACH', sepa: 'SEPA', wire: 'Wire' }[t.rail]} from ${t.name}`,
  bank_out: (t) => `${{ ach: 'ACH', sepa: 'SEPA' }[t.rail]} to ${t.name}`,
  bank_returned: () => 'Bank transfer returned',
  bridge: (t) => `${t.asset} from ${t.chain} via ${BRIDGES[t.bridge]}`,
  repay: () => 'Repaid borrowed USDC',
  borrow_interest: (t, f) => `Borrow interest for ${f.day(t.day)} on ${f.money(t.debt, 'USDC')}`,
  liquidation: (t, f) => `Liquidation: ${f.money(t.repaid, 'USDC')} of debt repaid from collateral`,
  convert: (t, f) => `Converted ${f.amount(t.fromAmount, t.from)} for ${f.amount(t.toAmount, t.to)}`,
  stake: (t, f) => `Staked ${f.amount(t.fromAmount, t.from)} for ${f.amount(t.toAmount, t.to)}`,
  earn_deposit: (t, f) => `Deposited ${f.amount(t.amount, t.asset)} in the Liquid ${t.vault.toUpperCase()} vault`,
  earn_withdrawal: (t, f) => `Withdrew ${f.amount(t.amount, t.asset)} from the Liquid ${t.vault.toUpperCase()} vault`,
  cashback: (t) =>
    `Cashback${{ card: '', promotion: ' (promotion)', referral: ' (referral)' }[t.source]}` +
    (t.merchant ? ` · ${t.merchant}` : ''),
  cashback_pool_funded: () => 'Cashback pool funded',
  referral_cashback: () => 'Referral cashback',
  membership_reward: (t, f) => `${TIER_NAMES[t.tier]} membership reward · ${f.month(t.month)}`,
  physical_card_fee: (t) => `Physical card fee · ${t.name}`,
  cash_refund: (t) => `Refund from Cash · ${t.reason}`,
  recon_write_off: (t) => `Failed recon written off · ${t.reason}`,
  recon_refund: (t) => `Refund · ${t.merchant ?? 'card network'} · ${t.reason}`,
  weeth_held: (t, f) => `weETH held on ${f.day(t.day)} (${f.money(t.usd, 'USDC')})`,
  note: (t) => t.text,
}

const PT_BR: Catalog = {
  merchant: (t) => t.merchant,
  card: (t) => `Cartão · ${t.merchant}`,
  card_borrowed: (t) => `Compra no cartão · ${t.merchant} (emprestado)`,
  card_refund: (t, f) =>
    `Reembolso · ${t.merchant}` +
    (t.cashbackReturned ? ` (descontados ${f.amount(t.cashbackReturned, 'USDC')} de cashback devolvido)` : ''),
  deposit: (t) => `Depósito de ${t.asset}`,
  sent_out: (t) => `Envio de ${t.asset}`,
  withdrawal: (t, f) => `Saque de ${t.asset} para ${f.address(t.address)}`,
  withdrawal_returned: (t) => `Saque de ${t.asset} devolvido`,
  pix_top_up: (t, f) => `Recarga por PIX ${f.money(t.brl, 'BRL')}`,
  pix_to: (t) => `PIX para ${t.name}`,
  bank_in: (t) => `${{ ach: 'ACH', sepa: 'SEPA', wire: 'Transferência' }[t.rail]} de ${t.name}`,
  bank_out: (t) => `${{ ach: 'ACH', sepa: 'SEPA' }[t.rail]} para ${t.name}`,
  bank_returned: () => 'Transferência bancária devolvida',
  bridge: (t) => `${t.asset} de ${t.chain} via ${BRIDGES[t.bridge]}`,
  repay: () => 'Pagamento de USDC emprestado',
  borrow_interest: (t, f) => `Juros do Borrow de ${f.day(t.day)} sobre ${f.money(t.debt, 'USDC')}`,
  liquidation: (t, f) => `Liquidação: ${f.money(t.repaid, 'USDC')} de dívida pagos com a garantia`,
  convert: (t, f) => `Conversão de ${f.amount(t.fromAmount, t.from)} em ${f.amount(t.toAmount, t.to)}`,
  stake: (t, f) => `Stake de ${f.amount(t.fromAmount, t.from)} por ${f.amount(t.toAmount, t.to)}`,
  earn_deposit: (t, f) => `Depósito de ${f.amount(t.amount, t.asset)} no cofre Liquid ${t.vault.toUpperCase()}`,
  earn_withdrawal: (t, f) => `Resgate de ${f.amount(t.amount, t.asset)} do cofre Liquid ${t.vault.toUpperCase()}`,
  cashback: (t) =>
    `Cashback${{ card: '', promotion: ' (promoção)', referral: ' (indicação)' }[t.source]}` +
    (t.merchant ? ` · ${t.merchant}` : ''),
  cashback_pool_funded: () => 'Fundo de cashback abastecido',
  referral_cashback: () => 'Cashback de indicação',
  membership_reward: (t, f) => `Recompensa de membro ${TIER_NAMES[t.tier]} · ${f.month(t.month)}`,
  physical_card_fee: (t) => `Tarifa do cartão físico · ${t.name}`,
  cash_refund: (t) => `Reembolso do Cash · ${t.reason}`,
  recon_write_off: (t) => `Conciliação com falha baixada · ${t.reason}`,
  recon_refund: (t) => `Reembolso · ${t.merchant ?? 'rede do cartão'} · ${t.reason}`,
  weeth_held: (t, f) => `weETH mantido em ${f.day(t.day)} (${f.money(t.usd, 'USDC')})`,
  note: (t) => t.text,
}

const CATALOGS: Record<Language, Catalog> = { 'en-US': EN, 'pt-BR': PT_BR }

/** A movement's title in a language, its amounts and dates written that language's way. */
export function movementTitleText(t: MovementTitle, language: Language): string {
  const word = CATALOGS[language][t.key] as (t: MovementTitle, f: Format) => string
  return word(t, format(language))
}

/** A card decline's reason in Portuguese, for every reason the engine declines with. */
const DECLINES_PT_BR: Readonly<Record<DeclineReason, string>> = {
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

type AuthorizationStatus = MovementReasonOf<'recon_authorization_not_open'>['status']
const AUTHORIZATION_EN: Record<AuthorizationStatus, string> = {
  approved: 'still open',
  declined: 'declined',
  cleared: 'already cleared',
  reversed: 'reversed',
  expired: 'expired',
  refunded: 'refunded',
}
const AUTHORIZATION_PT_BR: Record<AuthorizationStatus, string> = {
  approved: 'ainda aberta',
  declined: 'recusada',
  cleared: 'já liquidada',
  reversed: 'estornada',
  expired: 'vencida',
  refunded: 'reembolsada',
}

/** One language's wording of every reason a movement did not go as asked. */
type ReasonCatalog = { [K in MovementReasonKey]: (r: MovementReasonOf<K>, f: Format) => string }

const REASONS_EN: ReasonCatalog = {
  decline: (r) => DECLINE_REASONS[r.code],
  third_party_cap: (r, f) =>
    `Transfers from someone else are limited to ${f.whole(r.cap)} each; this one was returned to the sender.`,
  bank_returned: () => 'Returned by the receiving bank.',
  network_rejected: () => 'The network rejected the transaction.',
  bridge_failed: () => 'The bridge could not deliver this transfer.',
  liquidated: () => 'Cancelled because the borrowing position was liquidated.',
  reserved_for_card: () => 'Cancelled to pay a card purchase that needed the reserved amount.',
  requester_left: () => 'Cancelled because the person who asked for it left the company.',
  requester_may_not_send: () =>
    'Cancelled because the person who asked for it may no longer send money from this account.',
  support_cancelled: (r) => `Cancelled by Cash support: ${r.reason}`,
  recon_no_authorization: () => 'No authorization matches this network id.',
  recon_authorization_not_open: (r) => `A clearing for an authorization that is ${AUTHORIZATION_EN[r.status]}.`,
  recon_outside_tolerance: (r, f) =>
    `Cleared ${f.money(r.cleared, 'USDC')} against ${f.money(r.authorized, 'USDC')} authorized.`,
  recon_refund_without_purchase: () => 'A refund for a purchase that was never cleared.',
  recon_over_capture_unfunded: (r, f) =>
    `Cleared ${f.money(r.cleared, 'USDC')}; the holder's free cash paid ${f.money(r.charged, 'USDC')} of it.`,
  recon_refund_over_purchase: (r, f) =>
    `A refund beyond the purchase: ${f.money(r.refunded, 'USDC')} of ${f.money(r.cleared, 'USDC')} refunded already.`,
  note: (r) => r.text,
}

const REASONS_PT_BR: ReasonCatalog = {
  decline: (r) => DECLINES_PT_BR[r.code],
  third_party_cap: (r, f) =>
    `Transferências de outra pessoa são limitadas a ${f.whole(r.cap)} cada; esta foi devolvida ao remetente.`,
  bank_returned: () => 'Devolvida pelo banco recebedor.',
  network_rejected: () => 'A rede recusou a transação.',
  bridge_failed: () => 'A ponte não conseguiu entregar esta transferência.',
  liquidated: () => 'Cancelado porque a posição de empréstimo foi liquidada.',
  reserved_for_card: () => 'Cancelado para pagar uma compra no cartão que precisava do valor reservado.',
  requester_left: () => 'Cancelado porque a pessoa que o pediu saiu da empresa.',
  requester_may_not_send: () => 'Cancelado porque a pessoa que o pediu não pode mais enviar dinheiro desta conta.',
  support_cancelled: (r) => `Cancelado pelo suporte do Cash: ${r.reason}`,
  recon_no_authorization: () => 'Nenhuma autorização corresponde a este id da bandeira.',
  recon_authorization_not_open: (r) => `Uma liquidação para uma autorização ${AUTHORIZATION_PT_BR[r.status]}.`,
  recon_outside_tolerance: (r, f) =>
    `Liquidado ${f.money(r.cleared, 'USDC')} contra ${f.money(r.authorized, 'USDC')} autorizados.`,
  recon_refund_without_purchase: () => 'Um reembolso de uma compra que nunca foi liquidada.',
  recon_over_capture_unfunded: (r, f) =>
    `Liquidado ${f.money(r.cleared, 'USDC')}; o saldo livre do titular pagou ${f.money(r.charged, 'USDC')} dele.`,
  recon_refund_over_purchase: (r, f) =>
    `Um reembolso além da compra: ${f.money(r.refunded, 'USDC')} de ${f.money(r.cleared, 'USDC')} já reembolsados.`,
  note: (r) => r.text,
}

const REASON_CATALOGS: Record<Language, ReasonCatalog> = { 'en-US': REASONS_EN, 'pt-BR': REASONS_PT_BR }

/** Why a movement did not go as asked, in a language. */
export function movementReasonText(r: MovementReason, language: Language): string {
  const word = REASON_CATALOGS[language][r.key] as (r: MovementReason, f: Format) => string
  return word(r, format(language))
}

/**
 * Sample titles of each kind, one per value of each choice it has (a rail, a bridge, a tier), names empty and
 * amounts zero (`BigInt('')` is 0): what is left when they are written is the kind's own words.
 */
function samples(key: MovementTitleKey): MovementTitle[] {
  const dates: Record<string, string> = { day: '2000-01-01', month: '2000-01' }
  let out: Record<string, unknown>[] = [{ key }]
  for (const [name, schema] of Object.entries(MOVEMENT_TITLES[key])) {
    const field = schema as { options?: readonly string[]; unwrap?: () => { options?: readonly string[] } }
    const options = field.options ?? field.unwrap?.().options
    const values = options ? (options.includes('USDC') ? ['USDC'] : [...options]) : [dates[name] ?? '']
    out = out.flatMap((o) => values.map((v) => ({ ...o, [name]: v })))
  }
  return out as MovementTitle[]
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** Each kind's own words in every language (no names, assets or figures): what a search can find it by. */
const KIND_WORDS: ReadonlyMap<MovementTitleKey, readonly string[]> = new Map(
  (Object.keys(MOVEMENT_TITLES) as MovementTitleKey[]).map((key) => {
    const words = new Set<string>()
    for (const sample of samples(key))
      for (const language of Object.keys(CATALOGS) as Language[])
        for (const w of fold(movementTitleText(sample, language)).split(/[^\p{L}.]+/u))
          if (/\p{L}/u.test(w) && !HELD_ASSETS.some((a) => a.toLowerCase() === w)) words.add(w)
    return [key, [...words]]
  }),
)

/** The kinds of title whose own words, in any language, contain `word` (`saque`, `deposit`, `pix`). */
export function kindsWithWord(word: string): MovementTitleKey[] {
  const w = fold(word)
  return [...KIND_WORDS].filter(([, words]) => words.some((k) => k.includes(w))).map(([key]) => key)
}
