import type { ErrorMessage, ErrorMessageOf, ParamKey } from './error-message'
import { ERROR_MESSAGES_PT_BR } from './error-messages-pt-br'
import { ERRORS } from './errors'
import { DOCUMENT_LABELS, DOCUMENT_LABELS_PT_BR, documentOf, type DocumentKind } from './identity'
import { format, type Format, type Language } from './word-format'
import { PLAIN_MESSAGES_EN } from './plain-messages-en'
import { PLAIN_MESSAGES_PT_BR } from './plain-messages-pt-br'

/** One language's wording of every kind of message with parameters: a missing kind or a wrong one is a type error. */
type Catalog = { [K in ParamKey]: (m: ErrorMessageOf<K>, f: Format) => string }

const cards = (n: number, kind: string) => `${n} ${kind} card${n === 1 ? '' : 's'}`
const CARD_KINDS_PT_BR: Record<string, string> = { virtual: 'virtuais', physical: 'físicos' }
const STATUS_PT_BR: Record<string, string> = {
  active: 'ativo',
  frozen: 'congelado',
  cancelled: 'cancelado',
  pending: 'pendente',
  posted: 'lançada',
  released: 'liberada',
  expired: 'expirada',
  declined: 'recusada',
  approved: 'aprovada',
  ordered: 'pedido',
  shipped: 'enviado',
  delivered: 'entregue',
}
const statusPt = (s: string) => STATUS_PT_BR[s] ?? s
const WHERE_PT_BR = { form: 'do formulário', query: 'da consulta', path: 'do caminho' } as const

const RECON_EN: Record<string, string> = {
  matched: 'matched to an authorization',
  written_off: 'written off',
  refunded: 'refunded',
}
const RECON_PT_BR: Record<string, string> = {
  matched: 'conciliada com uma autorização',
  written_off: 'baixada',
  refunded: 'reembolsada',
}
/** A document kind by its name in a sentence (lower case), or as sent when it is not one. */
const docIn = (labels: Record<DocumentKind, string>, kind: string) =>
  Object.hasOwn(labels, kind) ? labels[kind as DocumentKind].toLowerCase() : kind
const GATE_EN: Record<string, string> = {
  not_started: 'has not been started',
  submitted: 'has been submitted and is waiting for review',
  in_review: 'is in review',
  approved: 'is approved',
  rejected: 'was rejected',
  more_info_needed: 'needs more information',
}
const GATE_PT_BR: Record<string, string> = {
  not_started: 'ainda não começou',
  submitted: 'foi enviada e está esperando análise',
  in_review: 'está em análise',
  approved: 'está aprovada',
  rejected: 'foi recusada',
  more_info_needed: 'precisa de mais informações',
}

/** One language's words for a verification gate's sentence: who is checked, its status, and what it opens. */
type GateWords = {
  language: Language
  subject: Record<string, string>
  status: Record<string, string>
  action: Record<string, string>
  waiting: (action: string, link: string) => string
  complete: (action: string, link: string) => string
}

const gateSentence = (w: GateWords) => (m: ErrorMessageOf<'verification_gate'>) => {
  const link = `/app/cash/${m.check}`
  const action = w.action[m.purpose] ?? m.purpose
  const next = m.status === 'submitted' || m.status === 'in_review' ? w.waiting(action, link) : w.complete(action, link)
  const why =
    m.document && Object.hasOwn(DOCUMENT_LABELS, m.document)
      ? documentOf(m.document as DocumentKind, m.owner ?? null, w.language)
      : m.reason
  return `${w.subject[m.check]} ${w.status[m.status] ?? m.status}${why ? ` (${why})` : ''}. ${next}`
}

const EN: Catalog = {
  min_chars: (m) => `Use at least ${m.min} characters.`,
  max_chars: (m) => `Use at most ${m.max} characters.`,
  choose_at_least: (m) => `Choose at least ${m.min}.`,
  choose_at_most: (m) => `Choose at most ${m.max}.`,
  minimum: (m, f) => `The minimum is ${f.number(m.min)}.`,
  maximum: (m, f) => `The maximum is ${f.number(m.max)}.`,
  details_invalid: (m) => `Some ${m.where} details are missing or not valid.`,
  request_too_large: (m, f) => `The request is larger than ${f.number(String(m.kb))} KB.`,
  more_than_free: (m, f) => `More than your free ${m.asset} (${f.amount(m.free, m.asset)}).`,
  more_than_free_with_fee: (m, f) => `More than your free ${m.asset} (${f.amount(m.free, m.asset)}), fee included.`,
  not_enough_free: (m, f) => `Not enough ${m.asset}: ${f.amount(m.free, m.asset)} is free.`,
  more_than_available: (m) => `More than the available ${m.asset} balance.`,
  overdraw: (m) => `Not enough ${m.asset}: this would overdraw the account.`,
  more_than_position: (m, f) => `More than your position is worth (${f.amount(m.owned, m.asset)}).`,
  refund_cap: (m, f) =>
    `You can ask for ${f.amount(m.cap, 'USDC')} of refunds in 24 hours; ${f.amount(m.left, 'USDC')} is left. ` +
    'Another admin can make this refund.',
  you_owe: (m, f) => `You owe ${f.amount(m.debt, 'USDC')}.`,
  usdc_free: (m, f) => `You have ${f.amount(m.free, 'USDC')} free.`,
  threshold_range: (m) => `Choose a threshold from 1 to ${m.max}.`,
  no_account_found: (m) => `No account found for “${m.text}”.`,
  no_account_found_hint: (m) => `No account found for “${m.text}”. Enter an account id or a holder’s e-mail.`,
  nothing_found_for: (m) => `Nothing found for “${m.q}”.`,
  nothing_found_hint: (m) =>
    `Nothing found for “${m.q}”. Try an id, an on-chain hash or a reference (network id, PIX txid, bank reference).`,
  card_already: (m) => `This card is already ${m.status}.`,
  hold_already: (m) => `This hold is already ${m.status}.`,
  shipping_already: (m) => `This card is already ${m.status}.`,
  authorization_no_pending_hold: (m) => `This authorization is ${m.status}: it has no pending hold to post.`,
  identity_application_unknown: (m) => `No identity application ${m.reference}.`,
  file_not_type: (m) => `This file is not ${m.pdf ? 'a JPEG, PNG or PDF file' : 'a JPEG or PNG image'}.`,
  min_age: (m) => `You must be ${m.years} or older.`,
  owner_shares_over: (m, f) => `The owners’ shares add up to more than 100% (${f.number(m.total)}%).`,
  card_count: (m) =>
    `Your ${m.tier} membership allows ${cards(m.max, m.kind)} at a time. ` +
    'Cancel one you no longer use, or earn a higher tier.',
  card_count_hint: (m) => `At most ${cards(m.max, m.kind)} on ${m.tier}.`,
  password_min: (m) => `Use at least ${m.min} characters for your password.`,
  at_most_bps: (m, f) => `At most ${m.max} bps (${f.number(String(m.max / 100))}%).`,
  iban_country_unsupported: (m) => `Transfers to ${m.country} IBANs are not supported (SEPA countries only).`,
  iban_length_for: (m) => `A ${m.country} IBAN has ${m.length} characters; this one has ${m.actual}.`,
  account_frozen_because: (m) =>
    `This account is frozen by Cash (${m.reason}): money can come in, but nothing can go out until it is ` +
    'unfrozen. Contact support.',
  hold_already_nothing_to_release: (m) => `This hold is already ${m.status}: nothing to release.`,
  recon_already: (m, f) =>
    `This failed recon was already ${RECON_EN[m.status] ?? m.status}${m.at ? ` on ${f.stamp(m.at)}` : ''}. ` +
    'Nothing was changed.',
  debt_and_borrow_holds: (m, f) =>
    `${ERRORS.mode_debt_outstanding.message} Card purchases made in Borrow mode (${f.money(m.holds, 'USDC')}) ` +
    'must settle first.',
  card_fee_not_covered: (m, f) =>
    `Your cash balance does not cover the ${f.money(m.fee, 'USDC')} card fee. Add money first.`,
  cashback_cut_notice: (m, f) =>
    'This change lowers or removes cashback, so holders must see it first: ' +
    `it can take effect from ${f.stamp(m.earliest)} on.`,
  file_uploaded_as: (m) =>
    `This file was uploaded as ${docIn(DOCUMENT_LABELS, m.was)}. Upload the ${docIn(DOCUMENT_LABELS, m.wanted)} here.`,
  tier_no_reward: (m) => `The ${m.tier} tier has no reward in this promotion.`,
  code_wrong_tries_left: (m) => `That code is not right. ${m.left} ${m.left === 1 ? 'try' : 'tries'} left.`,
  feedback_per_hour: (m) =>
    `You can send up to ${m.max} feedback messages an hour. Try again after ${m.retryAt.slice(11, 16)} UTC.`,
  not_enough_with_fee: (m, f) =>
    `Not enough ${m.asset}: ${f.amount(m.free, m.asset)} is free, and this needs ` +
    `${f.amount(m.total, m.asset)} with the fee.`,
  verification_gate: gateSentence({
    language: 'en-US',
    subject: { kyc: 'Your identity verification (KYC)', kyb: 'Your company’s verification (KYB)' },
    status: GATE_EN,
    action: { cards: 'order cards', safe: 'create your safe' },
    waiting: (action, link) => `You can ${action} once it is approved; follow it at ${link}.`,
    complete: (action, link) => `Complete it at ${link} to ${action}.`,
  }),
  note: (m) => m.text,
}

const PT_BR: Catalog = {
  min_chars: (m) => `Use pelo menos ${m.min} caracteres.`,
  max_chars: (m) => `Use no máximo ${m.max} caracteres.`,
  choose_at_least: (m) => `Escolha pelo menos ${m.min}.`,
  choose_at_most: (m) => `Escolha no máximo ${m.max}.`,
  minimum: (m, f) => `O mínimo é ${f.number(m.min)}.`,
  maximum: (m, f) => `O máximo é ${f.number(m.max)}.`,
  details_invalid: (m) => `Alguns dados ${WHERE_PT_BR[m.where]} estão faltando ou não são válidos.`,
  request_too_large: (m, f) => `A requisição tem mais de ${f.number(String(m.kb))} KB.`,
  more_than_free: (m, f) => `Mais do que os seus ${m.asset} livres (${f.amount(m.free, m.asset)}).`,
  more_than_free_with_fee: (m, f) =>
    `Mais do que os seus ${m.asset} livres (${f.amount(m.free, m.asset)}), com a tarifa.`,
  not_enough_free: (m, f) => `${m.asset} insuficiente: ${f.amount(m.free, m.asset)} livres.`,
  more_than_available: (m) => `Mais do que o saldo disponível de ${m.asset}.`,
  overdraw: (m) => `${m.asset} insuficiente: isto deixaria a conta negativa.`,
  more_than_position: (m, f) => `Mais do que vale a sua posição (${f.amount(m.owned, m.asset)}).`,
  refund_cap: (m, f) =>
    `Você pode pedir ${f.amount(m.cap, 'USDC')} em reembolsos em 24 horas; restam ${f.amount(m.left, 'USDC')}. ` +
    'Outro administrador pode fazer este reembolso.',
  you_owe: (m, f) => `Você deve ${f.amount(m.debt, 'USDC')}.`,
  usdc_free: (m, f) => `Você tem ${f.amount(m.free, 'USDC')} livres.`,
  threshold_range: (m) => `Escolha um mínimo de assinaturas de 1 a ${m.max}.`,
  no_account_found: (m) => `Nenhuma conta encontrada para “${m.text}”.`,
  no_account_found_hint: (m) =>
    `Nenhuma conta encontrada para “${m.text}”. Digite um id de conta ou o e-mail de um titular.`,
  nothing_found_for: (m) => `Nada encontrado para “${m.q}”.`,
  nothing_found_hint: (m) =>
    `Nada encontrado para “${m.q}”. Tente um id, um hash on-chain ou uma referência ` +
    '(id da rede, txid do PIX, referência bancária).',
  card_already: (m) => `Este cartão já está ${statusPt(m.status)}.`,
  hold_already: (m) => `Esta reserva já está ${statusPt(m.status)}.`,
  shipping_already: (m) => `Este cartão já foi ${statusPt(m.status)}.`,
  authorization_no_pending_hold: (m) =>
    `Esta autorização está ${statusPt(m.status)}: não tem reserva pendente a lançar.`,
  identity_application_unknown: (m) => `Nenhuma solicitação de verificação ${m.reference}.`,
  file_not_type: (m) => `Este arquivo não é ${m.pdf ? 'um arquivo JPEG, PNG ou PDF' : 'uma imagem JPEG ou PNG'}.`,
  min_age: (m) => `Você precisa ter ${m.years} anos ou mais.`,
  owner_shares_over: (m, f) => `As participações dos sócios somam mais de 100% (${f.number(m.total)}%).`,
  card_count: (m) =>
    `Sua assinatura ${m.tier} permite ${m.max} ${m.max === 1 ? 'cartão' : 'cartões'} ` +
    `${CARD_KINDS_PT_BR[m.kind] ?? m.kind} ao mesmo tempo. Cancele um que não usa mais, ou alcance um nível acima.`,
  card_count_hint: (m) =>
    `No máximo ${m.max} ${m.max === 1 ? 'cartão' : 'cartões'} ${CARD_KINDS_PT_BR[m.kind] ?? m.kind} ` + `no ${m.tier}.`,
  password_min: (m) => `Use pelo menos ${m.min} caracteres na sua senha.`,
  at_most_bps: (m, f) => `No máximo ${m.max} bps (${f.number(String(m.max / 100))}%).`,
  iban_country_unsupported: (m) => `Transferências para IBANs de ${m.country} não são aceitas (só países SEPA).`,
  iban_length_for: (m) => `Um IBAN de ${m.country} tem ${m.length} caracteres; este tem ${m.actual}.`,
  account_frozen_because: (m) =>
    `Esta conta foi congelada pelo Cash (${m.reason}): o dinheiro pode entrar, mas nada pode sair até ela ser ` +
    'descongelada. Fale com o suporte.',
  hold_already_nothing_to_release: (m) => `Esta reserva já está ${statusPt(m.status)}: não há nada a liberar.`,
  recon_already: (m, f) =>
    `Esta conciliação com falha já foi ${RECON_PT_BR[m.status] ?? m.status}` +
    `${m.at ? ` em ${f.stamp(m.at)}` : ''}. Nada foi alterado.`,
  debt_and_borrow_holds: (m, f) =>
    `${ERROR_MESSAGES_PT_BR.mode_debt_outstanding} Compras no cartão feitas no modo Borrow ` +
    `(${f.money(m.holds, 'USDC')}) precisam ser liquidadas antes.`,
  card_fee_not_covered: (m, f) =>
    `Seu saldo em dinheiro não cobre a tarifa de ${f.money(m.fee, 'USDC')} do cartão. Adicione dinheiro antes.`,
  cashback_cut_notice: (m, f) =>
    'Esta alteração reduz ou remove cashback, então os titulares precisam vê-la antes: ' +
    `ela pode valer a partir de ${f.stamp(m.earliest)}.`,
  file_uploaded_as: (m) =>
    `Este arquivo foi enviado como ${docIn(DOCUMENT_LABELS_PT_BR, m.was)}. ` +
    `Envie aqui: ${docIn(DOCUMENT_LABELS_PT_BR, m.wanted)}.`,
  tier_no_reward: (m) => `O nível ${m.tier} não tem recompensa nesta promoção.`,
  code_wrong_tries_left: (m) =>
    `Esse código não está certo. ${m.left === 1 ? 'Resta 1 tentativa' : `Restam ${m.left} tentativas`}.`,
  feedback_per_hour: (m) =>
    `Você pode enviar até ${m.max} comentários por hora. Tente de novo depois das ${m.retryAt.slice(11, 16)} UTC.`,
  not_enough_with_fee: (m, f) =>
    `${m.asset} insuficiente: ${f.amount(m.free, m.asset)} livres, e isto precisa de ` +
    `${f.amount(m.total, m.asset)} com a tarifa.`,
  verification_gate: gateSentence({
    language: 'pt-BR',
    subject: { kyc: 'Sua verificação de identidade (KYC)', kyb: 'A verificação da sua empresa (KYB)' },
    status: GATE_PT_BR,
    action: { cards: 'pedir cartões', safe: 'criar seu cofre' },
    waiting: (action, link) => `Você poderá ${action} quando ela for aprovada; acompanhe em ${link}.`,
    complete: (action, link) => `Conclua-a em ${link} para ${action}.`,
  }),
  note: (m) => m.text,
}

// Read when a message is worded, not when the module loads: errors.ts words its English through this module.
const catalogs = (language: Language) =>
  language === 'en-US'
    ? {
        code: (k: string) => (ERRORS as Record<string, { message: string }>)[k]?.message,
        plain: PLAIN_MESSAGES_EN,
        params: EN,
      }
    : {
        code: (k: string) => (ERROR_MESSAGES_PT_BR as Record<string, string>)[k],
        plain: PLAIN_MESSAGES_PT_BR,
        params: PT_BR,
      }

/** What an error says, in a language: a code's message, a plain message, or a kind worded with its figures. */
export function errorText(m: ErrorMessage, language: Language): string {
  const c = catalogs(language)
  if (Object.hasOwn(c.params, m.key))
    return (c.params[m.key as ParamKey] as (m: ErrorMessage, f: Format) => string)(m, format(language))
  if (Object.hasOwn(c.plain, m.key)) return (c.plain as Record<string, string>)[m.key]!
  return c.code(m.key) ?? c.code('invalid_request')!
}

/** Each field's message, in a language. */
export function fieldTexts(fields: Record<string, ErrorMessage>, language: Language): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([path, m]) => [path, errorText(m, language)]))
}
