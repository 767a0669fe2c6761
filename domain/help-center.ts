import { BORROW_APR_BPS, COLLATERAL, DEFAULT_LIMITS, LIMIT_DELAY_SECONDS, MODE_DELAY_SECONDS } from './account-rules'
import type { Asset } from './asset'
import { LOCKOUT_MINUTES, MAX_FAILED_SIGN_INS } from './auth-rules'
import { holdDays, OVERCAPTURE_BPS } from './authorization'
import { HEALTH_WARNING_BPS } from './borrow'
import { REVEAL_SECONDS } from './card-details'
import { CARD_COUNT_LIMITS, PHYSICAL_CARD_FEE, SHIPPING_DAYS } from './card-issuing'
import { MAX_CASHBACK_BPS, TIER_CASHBACK_BPS } from './cashback'
import { CONVERT_SPREAD_BPS } from './grow'
import { formatDuration } from './format-date'
import { formatBps, formatMoney } from './money'
import { BANK_RECEIVE, BRIDGE_FEE_BPS, PIX_TOP_UP, REQUIRED_CONFIRMATIONS, SAFE_NETWORK } from './money-in'
import {
  BANK_SEND,
  PIX_SEND,
  WITHDRAWAL_ARRIVAL_SECONDS,
  WITHDRAWAL_DELAY_DEFAULT_SECONDS,
  WITHDRAWAL_FEES,
} from './money-out'
import { RECOVERY_APPROVALS_NEEDED, RECOVERY_DELAY_SECONDS } from './safe'

/**
 * The help center's articles (issue 9), in English and Brazilian Portuguese. Every figure is read from the
 * rule that enforces it (fees, delays, limits), so an article cannot drift from what the product does.
 */

export const HELP_CATEGORIES = [
  'adding_money',
  'cards',
  'modes_repay',
  'withdrawals',
  'pix',
  'security',
  'fees',
] as const
export type HelpCategory = (typeof HELP_CATEGORIES)[number]

export const HELP_LOCALES = ['en', 'pt-BR'] as const
export type HelpLocale = (typeof HELP_LOCALES)[number]

/** A paragraph, numbered steps, or a plain list. */
export type HelpBlock =
  | { kind: 'p'; text: string }
  | { kind: 'steps'; items: string[] }
  | { kind: 'list'; items: string[] }

export type HelpText = { title: string; summary: string; keywords: string[]; body: HelpBlock[] }

export type HelpArticle = { id: string; category: HelpCategory; related: string[]; text: Record<HelpLocale, HelpText> }

/** The help locale of a language tag: any `pt` tag reads Portuguese, anything else English. */
export function helpLocale(tag: string | undefined | null): HelpLocale {
  return tag?.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en'
}

type Fmt = {
  money: (units: bigint, asset: Asset) => string
  pct: (bps: bigint | number) => string
  dur: (seconds: number) => string
}

function fmt(locale: 'en-US' | 'pt-BR'): Fmt {
  return {
    money: (units, asset) => formatMoney(units, asset, locale),
    pct: (bps) => formatBps(bps, locale),
    dur: (s) => formatDuration(s, locale),
  }
}

const E = fmt('en-US')
const P = fmt('pt-BR')
const p = (text: string): HelpBlock => ({ kind: 'p', text })
const steps = (...items: string[]): HelpBlock => ({ kind: 'steps', items })
const list = (...items: string[]): HelpBlock => ({ kind: 'list', items })

const HOLD_DAYS = holdDays('5411')
const HOTEL_HOLD_DAYS = holdDays('7011')
const personal = DEFAULT_LIMITS.personal
const corporate = DEFAULT_LIMITS.corporate
const cards = CARD_COUNT_LIMITS.personal

export const HELP_ARTICLES: readonly HelpArticle[] = [
  {
    id: 'add-money-crypto',
    category: 'adding_money',
    related: ['add-money-bank', 'pix-top-up', 'fees'],
    text: {
      en: {
        title: 'Add money with crypto',
        summary:
          `Send USDC, USDT, ETH or weETH to your deposit address ` +
          `on ${SAFE_NETWORK.name}, or bridge from another chain.`,
        keywords: [
          'deposit',
          'top up',
          'address',
          'usdc',
          'usdt',
          'eth',
          'weeth',
          'bridge',
          'stargate',
          'network',
          'qr code',
        ],
        body: [
          p(
            `Your account has a safe: a smart-account address that holds your money. Open ` +
              `Add money → Your deposit address to see it, with a QR code and a copy button. ` +
              `It accepts USDC, USDT, weETH and ETH on the ${SAFE_NETWORK.name} network only.`,
          ),
          p(
            `Money sent on any other network does not reach your safe and can be ` +
              `lost. Always check the network in the sending wallet before you confirm.`,
          ),
          steps(
            'Open Add money and choose Your deposit address.',
            'Copy the address or scan the QR code from your wallet.',
            `Pick the ${SAFE_NETWORK.name} network and one of the accepted tokens.`,
            `Send. The deposit is credited once it has ${REQUIRED_CONFIRMATIONS} ` +
              `confirmations, exactly once per transfer.`,
          ),
          p(
            `Coming from Ethereum, Arbitrum, Base, Optimism or Polygon? Use Add money → Bridge ` +
              `with Stargate: you see the fee (${E.pct(BRIDGE_FEE_BPS.stargate)}) and the time ` +
              `before you submit, then follow the transfer live until it is delivered. weETH and ` +
              `eETH from Ethereum go through the ether.fi bridge (${E.pct(BRIDGE_FEE_BPS.etherfi)}).`,
          ),
        ],
      },
      'pt-BR': {
        title: 'Adicionar dinheiro com cripto',
        summary:
          `Envie USDC, USDT, ETH ou weETH para o seu endereço de depósito na ` +
          `rede ${SAFE_NETWORK.name}, ou faça uma ponte a partir de outra rede.`,
        keywords: [
          'depósito',
          'depositar',
          'adicionar',
          'endereço',
          'usdc',
          'usdt',
          'eth',
          'weeth',
          'ponte',
          'bridge',
          'stargate',
          'rede',
          'qr code',
        ],
        body: [
          p(
            `Sua conta tem um cofre (safe): um endereço de conta inteligente que guarda o seu dinheiro. ` +
              `Abra Adicionar dinheiro → Seu endereço de depósito para vê-lo, com um QR code e um botão ` +
              `de copiar. Ele aceita USDC, USDT, weETH e ETH somente na rede ${SAFE_NETWORK.name}.`,
          ),
          p(
            'Dinheiro enviado por qualquer outra rede não chega ao seu cofre e pode ser ' +
              'perdido. Confira sempre a rede na carteira de origem antes de confirmar.',
          ),
          steps(
            'Abra Adicionar dinheiro e escolha Seu endereço de depósito.',
            'Copie o endereço ou leia o QR code com a sua carteira.',
            `Escolha a rede ${SAFE_NETWORK.name} e um dos tokens aceitos.`,
            `Envie. O depósito é creditado após ${REQUIRED_CONFIRMATIONS} ` +
              `confirmações, uma única vez por transferência.`,
          ),
          p(
            `Vindo de Ethereum, Arbitrum, Base, Optimism ou Polygon? Use Adicionar dinheiro → ` +
              `Ponte com Stargate: você vê a tarifa (${P.pct(BRIDGE_FEE_BPS.stargate)}) e o prazo ` +
              `antes de enviar e acompanha a transferência ao vivo até a entrega. weETH e eETH ` +
              `vindos da Ethereum passam pela ponte da ether.fi (${P.pct(BRIDGE_FEE_BPS.etherfi)}).`,
          ),
        ],
      },
    },
  },
  {
    id: 'add-money-bank',
    category: 'adding_money',
    related: ['add-money-crypto', 'send-to-bank', 'fees'],
    text: {
      en: {
        title: 'Receive a bank transfer in USD or EUR',
        summary:
          'Your account has its own US (ACH and wire) and European (SEPA) bank details; transfers arrive as USDC.',
        keywords: ['bank', 'ach', 'wire', 'sepa', 'iban', 'bic', 'routing number', 'euro', 'dollar', 'salary', 'swift'],
        body: [
          p(
            'Open Bank transfers → Receive from a bank to see your virtual bank details: a US routing and ' +
              'account number (for ACH and domestic wires) and a European IBAN with its BIC (for SEPA transfers).',
          ),
          p(
            `Incoming money is credited as USDC, less ${E.pct(BANK_RECEIVE.feeBps)}. Euros are ` +
              `converted at the day's rate with an extra ${E.pct(BANK_RECEIVE.fxFeeBps)} FX fee.`,
          ),
          p(
            `A transfer from someone other than you is capped at ${E.money(BANK_RECEIVE.thirdPartyCapUsdc, 'USDC')} ` +
              `per transfer. International SWIFT transfers are not supported.`,
          ),
        ],
      },
      'pt-BR': {
        title: 'Receber uma transferência bancária em USD ou EUR',
        summary:
          'Sua conta tem dados bancários próprios nos EUA (ACH e wire) e na Europa (SEPA); o dinheiro chega como USDC.',
        keywords: [
          'banco',
          'transferência',
          'ach',
          'wire',
          'sepa',
          'iban',
          'bic',
          'routing',
          'euro',
          'dólar',
          'salário',
          'swift',
        ],
        body: [
          p(
            'Abra Transferências bancárias → Receber de um banco para ver os seus dados ' +
              'bancários virtuais: um routing number e número de conta nos EUA (para ACH ' +
              'e wire doméstico) e um IBAN europeu com o BIC (para transferências SEPA).',
          ),
          p(
            `O valor recebido é creditado em USDC, menos ${P.pct(BANK_RECEIVE.feeBps)}. Euros são ` +
              `convertidos pela cotação do dia, com mais ${P.pct(BANK_RECEIVE.fxFeeBps)} de tarifa de câmbio.`,
          ),
          p(
            `Uma transferência de outra pessoa que não você tem limite ` +
              `de ${P.money(BANK_RECEIVE.thirdPartyCapUsdc, 'USDC')} por ` +
              `transferência. Transferências internacionais SWIFT não são aceitas.`,
          ),
        ],
      },
    },
  },
  {
    id: 'order-a-card',
    category: 'cards',
    related: ['card-declined', 'freeze-and-limits', 'fees'],
    text: {
      en: {
        title: 'Order a virtual or physical card',
        summary:
          `A virtual card is ready at once; a physical card arrives in ` +
          `about ${SHIPPING_DAYS.delivered} days. Both need your identity verified.`,
        keywords: [
          'order',
          'new card',
          'virtual',
          'physical',
          'shipping',
          'activate',
          'kyc',
          'verification',
          'apple pay',
          'google pay',
        ],
        body: [
          p(
            'Before your first card, verify your identity (KYC; a company verifies ' +
              'itself with KYB). The order page says what is missing and links to it.',
          ),
          steps(
            'Open Your cards and choose Order a card.',
            'Pick virtual (active at once) or physical (enter the shipping address).',
            'Confirm. A virtual card can be used online and added to Apple Pay or Google Pay right away.',
            'When a physical card arrives, activate it in the app with the last 4 digits printed on it.',
          ),
          p(
            `Your first physical card is free; each further one (a replacement too) ` +
              `costs ${E.money(PHYSICAL_CARD_FEE, 'USDC')}, shown before you confirm. Core ` +
              `members may hold ${cards.core.virtual} virtual cards and ${cards.core.physical} ` +
              `physical card; Luxe ${cards.luxe.virtual} and ${cards.luxe.physical}; Pinnacle ` +
              `and VIP ${cards.pinnacle.virtual} and ${cards.pinnacle.physical}.`,
          ),
        ],
      },
      'pt-BR': {
        title: 'Pedir um cartão virtual ou físico',
        summary:
          `O cartão virtual fica pronto na hora; o físico chega em cerca ` +
          `de ${SHIPPING_DAYS.delivered} dias. Os dois exigem a sua identidade verificada.`,
        keywords: [
          'pedir',
          'novo cartão',
          'cartão',
          'virtual',
          'físico',
          'entrega',
          'ativar',
          'kyc',
          'verificação',
          'apple pay',
          'google pay',
        ],
        body: [
          p(
            'Antes do primeiro cartão, verifique a sua identidade (KYC; uma empresa se ' +
              'verifica com KYB). A página do pedido mostra o que falta e leva até lá.',
          ),
          steps(
            'Abra Seus cartões e escolha Pedir um cartão.',
            'Escolha virtual (ativo na hora) ou físico (informe o endereço de entrega).',
            'Confirme. O cartão virtual já pode ser usado em compras online e adicionado ao Apple Pay ou Google Pay.',
            'Quando o cartão físico chegar, ative-o no app com os 4 últimos dígitos impressos nele.',
          ),
          p(
            `O primeiro cartão físico é grátis; cada um a mais (inclusive uma reposição) ` +
              `custa ${P.money(PHYSICAL_CARD_FEE, 'USDC')}, mostrado antes de confirmar. No nível ` +
              `Core você pode ter ${cards.core.virtual} cartões virtuais e ${cards.core.physical} ` +
              `físico; Luxe ${cards.luxe.virtual} e ${cards.luxe.physical}; Pinnacle e ` +
              `VIP ${cards.pinnacle.virtual} e ${cards.pinnacle.physical}.`,
          ),
        ],
      },
    },
  },
  {
    id: 'card-declined',
    category: 'cards',
    related: ['freeze-and-limits', 'spending-limits', 'direct-pay-and-borrow'],
    text: {
      en: {
        title: 'Card payments: declines, holds and refunds',
        summary: 'Why a purchase was declined, how long a hold lasts, and where a refund goes.',
        keywords: [
          'declined',
          'decline',
          'hold',
          'pending',
          'refund',
          'tip',
          'clearing',
          'merchant',
          'dispute',
          'authorization',
        ],
        body: [
          p(
            'Every declined purchase shows its reason in your transaction history: the card ' +
              'is frozen, not yet activated or cancelled; the purchase is over a card limit or ' +
              'your daily or monthly spending limit; there is not enough spendable balance; or ' +
              'the merchant category is blocked on the card. Cash never charges a decline fee.',
          ),
          p(
            `An approved purchase first places a hold on your spendable balance. When the merchant settles, the hold ` +
              `becomes a payment; the final amount may differ a little (a tip, up to ${E.pct(OVERCAPTURE_BPS)}). A ` +
              `hold that is never settled expires after ${E.dur(HOLD_DAYS * 86_400)} ` +
              `(${E.dur(HOTEL_HOLD_DAYS * 86_400)} for hotels and car rental) and the money is free again.`,
          ),
          p(
            'A refund comes back to your cash balance as USDC. In Borrow mode it does not reduce your debt ' +
              'by itself: the refund screen offers "apply to repay". Something wrong with a purchase? Open ' +
              'it in your transaction history to see its timeline, then send us feedback with the details.',
          ),
        ],
      },
      'pt-BR': {
        title: 'Compras no cartão: recusas, reservas e estornos',
        summary: 'Por que uma compra foi recusada, quanto tempo dura uma reserva e para onde vai um estorno.',
        keywords: [
          'recusada',
          'recusa',
          'negada',
          'reserva',
          'pendente',
          'estorno',
          'reembolso',
          'gorjeta',
          'comerciante',
          'contestação',
          'autorização',
        ],
        body: [
          p(
            'Toda compra recusada mostra o motivo no seu histórico de transações: o cartão está ' +
              'congelado, ainda não foi ativado ou foi cancelado; a compra passa de um limite do cartão ' +
              'ou do seu limite de gastos diário ou mensal; não há saldo disponível suficiente; ou a ' +
              'categoria do comerciante está bloqueada no cartão. A Cash nunca cobra tarifa por recusa.',
          ),
          p(
            `Uma compra aprovada primeiro reserva o valor no seu saldo disponível. Quando o comerciante liquida, ` +
              `a reserva vira pagamento; o valor final pode variar um pouco (uma gorjeta, ` +
              `até ${P.pct(OVERCAPTURE_BPS)}). Uma reserva nunca liquidada expira após ${P.dur(HOLD_DAYS * 86_400)} ` +
              `(${P.dur(HOTEL_HOLD_DAYS * 86_400)} para hotéis e aluguel de carros) e o dinheiro fica livre de novo.`,
          ),
          p(
            'Um estorno volta para o seu saldo em USDC. No modo Borrow ele não reduz a dívida sozinho: ' +
              'a tela do estorno oferece "usar para pagar". Algo errado numa compra? Abra-a no histórico ' +
              'de transações para ver a linha do tempo e depois nos envie um feedback com os detalhes.',
          ),
        ],
      },
    },
  },
  {
    id: 'freeze-and-limits',
    category: 'cards',
    related: ['card-declined', 'spending-limits', 'sign-in-security'],
    text: {
      en: {
        title: 'Freeze a card, set its limits, see its details',
        summary:
          'Freeze and unfreeze at any time, limit a card per purchase, ' +
          'per day and per month, and reveal its number safely.',
        keywords: ['freeze', 'unfreeze', 'frozen', 'lost', 'stolen', 'limit', 'card number', 'cvv', 'reveal', 'cancel'],
        body: [
          steps(
            'Open Your cards and pick the card.',
            'Freeze it if you cannot find it: every purchase is declined ' +
              'until you unfreeze it. Cancel it if it is lost for good.',
            'Set limits for this card per purchase, per day and per ' +
              'month (they apply on top of your account spending limits).',
          ),
          p(
            `To see the full number and CVV, choose Show details and confirm with your password (or ` +
              `your phone's biometrics in the app). They hide again after ${E.dur(REVEAL_SECONDS)}.`,
          ),
          p(
            'A frozen card always shows why it is frozen. A pending withdrawal ' +
              'never pauses your card: only the amount it reserves is set aside.',
          ),
        ],
      },
      'pt-BR': {
        title: 'Congelar um cartão, definir limites, ver os dados',
        summary:
          'Congele e descongele quando quiser, limite um cartão por ' +
          'compra, por dia e por mês e veja o número com segurança.',
        keywords: [
          'congelar',
          'descongelar',
          'congelado',
          'perdido',
          'roubado',
          'limite',
          'número do cartão',
          'cvv',
          'mostrar dados',
          'cancelar',
        ],
        body: [
          steps(
            'Abra Seus cartões e escolha o cartão.',
            'Congele-o se não o encontrar: toda compra é recusada até ' +
              'você descongelar. Cancele-o se ele foi perdido de vez.',
            'Defina limites para este cartão por compra, por dia e ' +
              'por mês (eles valem além dos limites de gastos da conta).',
          ),
          p(
            `Para ver o número completo e o CVV, escolha Mostrar dados e confirme com a sua senha (ou ` +
              `a biometria do celular no app). Eles voltam a ficar ocultos após ${P.dur(REVEAL_SECONDS)}.`,
          ),
          p(
            'Um cartão congelado sempre mostra o motivo. Um saque pendente ' +
              'nunca pausa o seu cartão: só o valor reservado fica separado.',
          ),
        ],
      },
    },
  },
  {
    id: 'spending-limits',
    category: 'cards',
    related: ['freeze-and-limits', 'direct-pay-and-borrow', 'pix-send'],
    text: {
      en: {
        title: 'Spending limits and your spendable balance',
        summary:
          `Daily and monthly limits (by default ${E.money(personal.daily, 'USDC')} ` +
          `and ${E.money(personal.monthly, 'USDC')}); raising applies at once, ` +
          `lowering after ${E.dur(LIMIT_DELAY_SECONDS)}.`,
        keywords: ['limit', 'daily', 'monthly', 'spendable', 'balance', 'available', 'raise', 'lower'],
        body: [
          p(
            `Your account has a daily and a calendar-month spending limit in US dollars, counted in your time ` +
              `zone. By default they are ${E.money(personal.daily, 'USDC')} a day ` +
              `and ${E.money(personal.monthly, 'USDC')} a month for a personal ` +
              `account, ${E.money(corporate.daily, 'USDC')} and ${E.money(corporate.monthly, 'USDC')} for a company.`,
          ),
          p(
            `Raising a limit applies at once. Lowering it applies ` +
              `after ${E.dur(LIMIT_DELAY_SECONDS)}, so purchases already approved still settle.`,
          ),
          p(
            'Spendable is the one number that decides every card purchase, PIX payment and transfer out: the ' +
              'least of what is left of your daily limit, your monthly limit, and what your mode allows (your ' +
              'cash less holds and a pending withdrawal in Direct Pay; your borrowing capacity in Borrow).',
          ),
        ],
      },
      'pt-BR': {
        title: 'Limites de gastos e o seu saldo disponível',
        summary:
          `Limites diário e mensal (por padrão ${P.money(personal.daily, 'USDC')} ` +
          `e ${P.money(personal.monthly, 'USDC')}); aumentar vale na hora, ` +
          `reduzir após ${P.dur(LIMIT_DELAY_SECONDS)}.`,
        keywords: ['limite', 'diário', 'mensal', 'disponível', 'saldo', 'aumentar', 'reduzir', 'gastos'],
        body: [
          p(
            `Sua conta tem um limite de gastos diário e um mensal (mês do calendário) em dólares, contados no ` +
              `seu fuso horário. Por padrão são ${P.money(personal.daily, 'USDC')} por dia ` +
              `e ${P.money(personal.monthly, 'USDC')} por mês para conta ` +
              `pessoal, ${P.money(corporate.daily, 'USDC')} e ${P.money(corporate.monthly, 'USDC')} para empresa.`,
          ),
          p(
            `Aumentar um limite vale na hora. Reduzir vale após ${P.dur(LIMIT_DELAY_SECONDS)}, ` +
              `para que compras já aprovadas ainda sejam liquidadas.`,
          ),
          p(
            'O disponível é o número que decide toda compra no cartão, pagamento PIX e transferência de saída: ' +
              'o menor entre o que resta do limite diário, do limite mensal e o que o seu modo permite (o seu ' +
              'saldo menos reservas e um saque pendente no Direct Pay; a sua capacidade de empréstimo no Borrow).',
          ),
        ],
      },
    },
  },
  {
    id: 'direct-pay-and-borrow',
    category: 'modes_repay',
    related: ['repay', 'spending-limits', 'fees'],
    text: {
      en: {
        title: 'Direct Pay and Borrow: the two modes',
        summary:
          `Pay from your cash, or borrow USDC against your assets at ${E.pct(BORROW_APR_BPS)} ` +
          `APR with no due date. A switch takes ${E.dur(MODE_DELAY_SECONDS)}.`,
        keywords: ['mode', 'direct pay', 'debit', 'borrow', 'credit', 'collateral', 'ltv', 'apr', 'interest', 'switch'],
        body: [
          p(
            'Direct Pay (debit) is where every account starts: a purchase takes USDC from your safe, with no interest.',
          ),
          p(
            `Borrow (credit) counts every asset you hold as collateral and each purchase borrows ` +
              `USDC. There is no due date and no minimum payment; interest is ${E.pct(BORROW_APR_BPS)} ` +
              `a year, accrued daily. You can borrow up to ${E.pct(COLLATERAL.USDC.ltvBps)} of your ` +
              `USDC and USDT and ${E.pct(COLLATERAL.ETH.ltvBps)} of your ETH and weETH.`,
          ),
          steps(
            'Open your account settings and choose the mode.',
            `Confirm. The switch takes effect after ${E.dur(MODE_DELAY_SECONDS)}; ` +
              `you can see it counting down on Your safe.`,
            'To go back to Direct Pay, repay what you borrowed first.',
          ),
        ],
      },
      'pt-BR': {
        title: 'Direct Pay e Borrow: os dois modos',
        summary:
          `Pague com o seu saldo ou tome USDC emprestado com os seus ativos em garantia, ` +
          `a ${P.pct(BORROW_APR_BPS)} ao ano, sem vencimento. A troca leva ${P.dur(MODE_DELAY_SECONDS)}.`,
        keywords: [
          'modo',
          'direct pay',
          'débito',
          'borrow',
          'crédito',
          'empréstimo',
          'garantia',
          'colateral',
          'ltv',
          'juros',
          'trocar',
        ],
        body: [
          p('Direct Pay (débito) é o modo inicial de toda conta: uma compra usa o USDC do seu cofre, sem juros.'),
          p(
            `Borrow (crédito) usa todos os ativos que você tem como garantia, e cada compra toma USDC ` +
              `emprestado. Não há vencimento nem pagamento mínimo; os juros são de ${P.pct(BORROW_APR_BPS)} ` +
              `ao ano, calculados por dia. Você pode tomar até ${P.pct(COLLATERAL.USDC.ltvBps)} do seu USDC ` +
              `e USDT e ${P.pct(COLLATERAL.ETH.ltvBps)} do seu ETH e weETH.`,
          ),
          steps(
            'Abra as configurações da conta e escolha o modo.',
            `Confirme. A troca vale após ${P.dur(MODE_DELAY_SECONDS)}; a contagem aparece na página Seu cofre.`,
            'Para voltar ao Direct Pay, pague antes o que você tomou emprestado.',
          ),
        ],
      },
    },
  },
  {
    id: 'repay',
    category: 'modes_repay',
    related: ['direct-pay-and-borrow', 'card-declined'],
    text: {
      en: {
        title: 'Repay what you borrowed and keep your position healthy',
        summary: 'Repay any amount at any time from your cash; watch the health meter to stay clear of liquidation.',
        keywords: ['repay', 'debt', 'loan', 'health', 'liquidation', 'collateral', 'refund', 'pay back'],
        body: [
          steps(
            'Open Repay.',
            'Enter an amount, or choose Repay all. It is taken from your USDC cash.',
            'Confirm. Your debt and your borrowing capacity update at once.',
          ),
          p(
            `The health meter on your account compares your collateral to your debt. We alert you ` +
              `when it falls to ${(Number(HEALTH_WARNING_BPS) / 10_000).toFixed(2)}. If your debt grows ` +
              `past your collateral's liquidation threshold (${E.pct(COLLATERAL.USDC.liquidationBps)} ` +
              `for USDC and USDT, ${E.pct(COLLATERAL.ETH.liquidationBps)} for ETH and weETH), half the ` +
              `debt is repaid from your collateral, and the rest only if the position is still ` +
              `unhealthy. A pending withdrawal is cancelled first.`,
          ),
          p(
            'A refund in Borrow mode arrives as cash and does not lower your ' +
              'debt by itself: choose "apply to repay" on the refund to use it.',
          ),
        ],
      },
      'pt-BR': {
        title: 'Pagar o que você tomou e manter a posição saudável',
        summary:
          'Pague qualquer valor quando quiser com o seu saldo; acompanhe o medidor de saúde para evitar a liquidação.',
        keywords: ['pagar', 'quitar', 'dívida', 'empréstimo', 'saúde', 'liquidação', 'garantia', 'estorno'],
        body: [
          steps(
            'Abra Pagar dívida.',
            'Informe um valor ou escolha Pagar tudo. Ele sai do seu saldo em USDC.',
            'Confirme. A dívida e a capacidade de empréstimo são atualizadas na hora.',
          ),
          p(
            `O medidor de saúde da conta compara as suas garantias com a sua dívida. Avisamos quando ele cai ` +
              `para ${(Number(HEALTH_WARNING_BPS) / 10_000).toFixed(2).replace('.', ',')}. Se a dívida passar ` +
              `do limite de liquidação das garantias (${P.pct(COLLATERAL.USDC.liquidationBps)} para USDC e ` +
              `USDT, ${P.pct(COLLATERAL.ETH.liquidationBps)} para ETH e weETH), metade da dívida é paga com as ` +
              `garantias, e o restante só se a posição continuar arriscada. Um saque pendente é cancelado antes.`,
          ),
          p(
            'Um estorno no modo Borrow chega como saldo e não reduz ' +
              'a dívida sozinho: escolha "usar para pagar" no estorno.',
          ),
        ],
      },
    },
  },
  {
    id: 'withdraw-crypto',
    category: 'withdrawals',
    related: ['send-to-bank', 'account-recovery', 'fees'],
    text: {
      en: {
        title: 'Withdrawals and the security delay',
        summary:
          `A crypto withdrawal waits a ${E.dur(WITHDRAWAL_DELAY_DEFAULT_SECONDS)} security ` +
          `delay you can cancel, then arrives in about ${E.dur(WITHDRAWAL_ARRIVAL_SECONDS)}.`,
        keywords: [
          'withdraw',
          'withdrawal',
          'cash out',
          'send crypto',
          'delay',
          'cancel',
          'pending',
          'address',
          'network fee',
          'stuck',
        ],
        body: [
          steps(
            'Open Withdraw → Withdraw crypto.',
            'Choose the asset, the amount and the destination address. ' +
              'An address with mixed case must match its checksum.',
            'Check the fee and arrival time, then confirm with your password (or biometrics in the app).',
          ),
          p(
            `Every withdrawal first waits a security delay (${E.dur(WITHDRAWAL_DELAY_DEFAULT_SECONDS)} by ` +
              `default) with a countdown on its status page. You can cancel it during the delay and the ` +
              `money is back at once. Then it is broadcast and usually confirmed ` +
              `within ${E.dur(WITHDRAWAL_ARRIVAL_SECONDS)}. If it fails, the funds come back to your account.`,
          ),
          p(
            `The network fee is paid from the asset you withdraw: ${E.money(WITHDRAWAL_FEES.USDC, 'USDC')} ` +
              `for USDC or USDT, ${E.money(WITHDRAWAL_FEES.ETH, 'ETH')} for ETH or weETH.`,
          ),
          p(
            'You can have one pending withdrawal at a time: a new request replaces it. ' +
              'Its amount is set aside from your spendable balance; if a card purchase ' +
              'needs that money, the withdrawal is cancelled, never the purchase.',
          ),
        ],
      },
      'pt-BR': {
        title: 'Saques e o prazo de segurança',
        summary:
          `Um saque em cripto espera um prazo de segurança de ${P.dur(WITHDRAWAL_DELAY_DEFAULT_SECONDS)}, ` +
          `que você pode cancelar, e chega em cerca de ${P.dur(WITHDRAWAL_ARRIVAL_SECONDS)}.`,
        keywords: [
          'saque',
          'sacar',
          'retirar',
          'retirada',
          'enviar cripto',
          'prazo',
          'atraso',
          'cancelar',
          'pendente',
          'endereço',
          'taxa de rede',
          'travado',
        ],
        body: [
          steps(
            'Abra Sacar → Sacar cripto.',
            'Escolha o ativo, o valor e o endereço de destino. Um endereço com ' +
              'maiúsculas e minúsculas misturadas precisa bater com o checksum.',
            'Confira a tarifa e o prazo de chegada e confirme com a sua senha (ou a biometria no app).',
          ),
          p(
            `Todo saque espera primeiro um prazo de segurança (${P.dur(WITHDRAWAL_DELAY_DEFAULT_SECONDS)} ` +
              `por padrão), com contagem regressiva na página de status. Você pode cancelá-lo durante o ` +
              `prazo e o dinheiro volta na hora. Depois ele é transmitido e costuma ser confirmado ` +
              `em ${P.dur(WITHDRAWAL_ARRIVAL_SECONDS)}. Se falhar, o valor volta para a sua conta.`,
          ),
          p(
            `A taxa de rede sai do ativo sacado: ${P.money(WITHDRAWAL_FEES.USDC, 'USDC')} ` +
              `para USDC ou USDT, ${P.money(WITHDRAWAL_FEES.ETH, 'ETH')} para ETH ou weETH.`,
          ),
          p(
            'Você pode ter um saque pendente por vez: um novo pedido substitui o ' +
              'anterior. O valor fica reservado do seu saldo disponível; se uma compra ' +
              'no cartão precisar desse dinheiro, o saque é cancelado, nunca a compra.',
          ),
        ],
      },
    },
  },
  {
    id: 'send-to-bank',
    category: 'withdrawals',
    related: ['withdraw-crypto', 'add-money-bank', 'fees'],
    text: {
      en: {
        title: 'Send money to a bank account',
        summary:
          `Send USDC out as US dollars (ACH) or euros (SEPA) for a ${E.pct(BANK_SEND.feeBps)} ` +
          `fee, usually within ${E.dur(BANK_SEND.etaSeconds.USD)}.`,
        keywords: [
          'bank',
          'transfer',
          'send',
          'ach',
          'sepa',
          'iban',
          'routing number',
          'recipient',
          'plaid',
          'withdraw to bank',
        ],
        body: [
          steps(
            'Open Bank transfers → Send to a bank and pick a saved recipient, or add one.',
            'Add a US account with the name, the 9-digit routing number and the account number, ' +
              'or a European IBAN with its BIC. You can also link your own bank with Plaid.',
            `Enter the amount: the ${E.pct(BANK_SEND.feeBps)} fee and the arrival time show before you confirm.`,
          ),
          p(
            'We check routing numbers and IBANs before sending, so a typo is caught at the field and ' +
              'nothing leaves your account. A transfer the bank returns is credited back and shows why.',
          ),
        ],
      },
      'pt-BR': {
        title: 'Enviar dinheiro para uma conta bancária',
        summary:
          `Envie USDC como dólares (ACH) ou euros (SEPA) com tarifa ` +
          `de ${P.pct(BANK_SEND.feeBps)}, normalmente em ${P.dur(BANK_SEND.etaSeconds.USD)}.`,
        keywords: [
          'banco',
          'transferência',
          'enviar',
          'saque',
          'ach',
          'sepa',
          'iban',
          'routing',
          'destinatário',
          'plaid',
        ],
        body: [
          steps(
            'Abra Transferências bancárias → Enviar para um banco e escolha um destinatário salvo, ou adicione um.',
            'Adicione uma conta nos EUA com o nome, o routing number de 9 dígitos e o número da conta, ' +
              'ou um IBAN europeu com o BIC. Você também pode conectar o seu próprio banco pelo Plaid.',
            `Informe o valor: a tarifa de ${P.pct(BANK_SEND.feeBps)} e o prazo aparecem antes de confirmar.`,
          ),
          p(
            'Conferimos routing numbers e IBANs antes do envio, então um erro de digitação aparece no campo e ' +
              'nada sai da sua conta. Uma transferência devolvida pelo banco é creditada de volta com o motivo.',
          ),
        ],
      },
    },
  },
  {
    id: 'pix-top-up',
    category: 'pix',
    related: ['pix-send', 'add-money-crypto', 'fees'],
    text: {
      en: {
        title: 'Add money with PIX',
        summary:
          `Pay a PIX code in reais and receive USDC: from ${E.money(PIX_TOP_UP.minBrl, 'BRL')} up ` +
          `to ${E.money(PIX_TOP_UP.dailyMaxBrl, 'BRL')} a day, ${E.pct(PIX_TOP_UP.feeBps)} fee.`,
        keywords: ['pix', 'brl', 'real', 'reais', 'brazil', 'br code', 'copia e cola', 'qr code', 'top up', 'deposit'],
        body: [
          steps(
            'Open Add money with PIX and enter the amount in reais.',
            `See the quote in USDC with the ${E.pct(PIX_TOP_UP.feeBps)} ` +
              `fee. The rate is locked for ${E.dur(PIX_TOP_UP.lockSeconds)}.`,
            'Copy the "Pix Copia e Cola" code or scan the QR code in your bank app and pay it.',
            'The USDC is credited as soon as the payment is confirmed.',
          ),
          p(
            `The code is valid for ${E.dur(PIX_TOP_UP.lockSeconds)}; after that, create ` +
              `a new one. The smallest top-up is ${E.money(PIX_TOP_UP.minBrl, 'BRL')} and ` +
              `you can add up to ${E.money(PIX_TOP_UP.dailyMaxBrl, 'BRL')} a day.`,
          ),
        ],
      },
      'pt-BR': {
        title: 'Adicionar dinheiro com PIX',
        summary:
          `Pague um código PIX em reais e receba USDC: de ${P.money(PIX_TOP_UP.minBrl, 'BRL')} ` +
          `até ${P.money(PIX_TOP_UP.dailyMaxBrl, 'BRL')} por dia, tarifa de ${P.pct(PIX_TOP_UP.feeBps)}.`,
        keywords: [
          'pix',
          'brl',
          'real',
          'reais',
          'br code',
          'copia e cola',
          'qr code',
          'depósito',
          'depositar',
          'recarga',
        ],
        body: [
          steps(
            'Abra Adicionar dinheiro com PIX e informe o valor em reais.',
            `Veja a cotação em USDC com a tarifa de ${P.pct(PIX_TOP_UP.feeBps)}. ` +
              `A cotação fica travada por ${P.dur(PIX_TOP_UP.lockSeconds)}.`,
            'Copie o código "Pix Copia e Cola" ou leia o QR code no app do seu banco e pague.',
            'O USDC é creditado assim que o pagamento é confirmado.',
          ),
          p(
            `O código vale por ${P.dur(PIX_TOP_UP.lockSeconds)}; depois disso, gere ` +
              `um novo. O valor mínimo é ${P.money(PIX_TOP_UP.minBrl, 'BRL')} e você ` +
              `pode adicionar até ${P.money(PIX_TOP_UP.dailyMaxBrl, 'BRL')} por dia.`,
          ),
        ],
      },
    },
  },
  {
    id: 'pix-send',
    category: 'pix',
    related: ['pix-top-up', 'spending-limits', 'fees'],
    text: {
      en: {
        title: 'Pay with PIX',
        summary:
          `Pay any PIX key or BR Code from your USDC, with a ${E.pct(PIX_SEND.feeBps)} ` +
          `fee and the rate locked for ${E.dur(PIX_SEND.lockSeconds)}.`,
        keywords: [
          'pix',
          'pay',
          'send',
          'pix key',
          'chave',
          'cpf',
          'cnpj',
          'phone',
          'e-mail',
          'random key',
          'br code',
          'qr code',
          'brl',
        ],
        body: [
          steps(
            'Open Pay with PIX.',
            'Enter a PIX key (CPF, CNPJ, e-mail, +55 phone number or random key) or paste ' +
              'or scan a BR Code; the amount, merchant and city are read from the code.',
            `Check the quote: the reais to be paid, the USDC it costs and ` +
              `the ${E.pct(PIX_SEND.feeBps)} fee. The rate holds for ${E.dur(PIX_SEND.lockSeconds)}.`,
            'Confirm with your password (or biometrics in the app) and follow the status.',
          ),
          p(
            'A PIX payment is a spend: it counts against your spendable balance and your ' +
              'daily and monthly limits like a card purchase, and it earns no cashback. CPF and ' +
              'CNPJ keys are checked before you confirm, so a mistyped key is caught at once.',
          ),
        ],
      },
      'pt-BR': {
        title: 'Pagar com PIX',
        summary:
          `Pague qualquer chave PIX ou BR Code com o seu USDC, com tarifa ` +
          `de ${P.pct(PIX_SEND.feeBps)} e cotação travada por ${P.dur(PIX_SEND.lockSeconds)}.`,
        keywords: [
          'pix',
          'pagar',
          'pagamento',
          'enviar',
          'transferir',
          'chave pix',
          'cpf',
          'cnpj',
          'telefone',
          'e-mail',
          'chave aleatória',
          'br code',
          'qr code',
          'brl',
        ],
        body: [
          steps(
            'Abra Pagar com PIX.',
            'Informe uma chave PIX (CPF, CNPJ, e-mail, telefone +55 ou chave aleatória) ou ' +
              'cole ou leia um BR Code; o valor, o recebedor e a cidade são lidos do código.',
            `Confira a cotação: os reais a pagar, o USDC que custa e a tarifa ` +
              `de ${P.pct(PIX_SEND.feeBps)}. A cotação vale por ${P.dur(PIX_SEND.lockSeconds)}.`,
            'Confirme com a sua senha (ou a biometria no app) e acompanhe o status.',
          ),
          p(
            'Um pagamento PIX é um gasto: conta no seu saldo disponível e nos limites diário ' +
              'e mensal como uma compra no cartão, e não gera cashback. Chaves CPF e CNPJ são ' +
              'conferidas antes de confirmar, então um erro de digitação aparece na hora.',
          ),
        ],
      },
    },
  },
  {
    id: 'account-recovery',
    category: 'security',
    related: ['sign-in-security', 'withdraw-crypto'],
    text: {
      en: {
        title: 'Recover your account',
        summary:
          `Lost access? ${RECOVERY_APPROVALS_NEEDED} of your 3 recovery signers can hand your ` +
          `safe to a new owner, who takes control after ${E.dur(RECOVERY_DELAY_SECONDS)}.`,
        keywords: ['recovery', 'recover', 'lost phone', 'lost access', 'signer', 'owner', 'safe', 'security'],
        body: [
          p(
            'Your safe has 3 recovery signers: Cash, a third-party recovery service, and one you ' +
              'add yourself (another wallet you keep apart). Set yours up under Recovery on Your safe.',
          ),
          steps(
            'Start a recovery under Recovery on Your safe, naming the new owner (the wallet that should take control).',
            `${RECOVERY_APPROVALS_NEEDED} of the 3 signers approve it.`,
            `The new owner takes control after ${E.dur(RECOVERY_DELAY_SECONDS)}.`,
          ),
          p(
            `During those ${E.dur(RECOVERY_DELAY_SECONDS)} any current owner can cancel the recovery. If you did ` +
              `not start it, cancel it at once. The pending recovery shows on the safe page with its countdown.`,
          ),
        ],
      },
      'pt-BR': {
        title: 'Recuperar a sua conta',
        summary:
          `Perdeu o acesso? ${RECOVERY_APPROVALS_NEEDED} dos seus 3 assinantes de recuperação podem ` +
          `passar o seu cofre para um novo dono, que assume após ${P.dur(RECOVERY_DELAY_SECONDS)}.`,
        keywords: [
          'recuperação',
          'recuperar',
          'celular perdido',
          'perdi o acesso',
          'assinante',
          'dono',
          'safe',
          'segurança',
        ],
        body: [
          p(
            'O seu cofre tem 3 assinantes de recuperação: a Cash, um serviço de ' +
              'recuperação independente e um que você mesmo adiciona (outra carteira ' +
              'guardada à parte). Configure o seu em Recuperação, na página Seu cofre.',
          ),
          steps(
            'Inicie uma recuperação em Recuperação, na página Seu ' +
              'cofre, indicando o novo dono (a carteira que deve assumir).',
            `${RECOVERY_APPROVALS_NEEDED} dos 3 assinantes aprovam.`,
            `O novo dono assume após ${P.dur(RECOVERY_DELAY_SECONDS)}.`,
          ),
          p(
            `Durante esses ${P.dur(RECOVERY_DELAY_SECONDS)}, qualquer dono atual pode ` +
              `cancelar a recuperação. Se não foi você que a iniciou, cancele na hora. A ` +
              `recuperação pendente aparece na página Seu cofre com a contagem regressiva.`,
          ),
        ],
      },
    },
  },
  {
    id: 'sign-in-security',
    category: 'security',
    related: ['account-recovery', 'freeze-and-limits'],
    text: {
      en: {
        title: 'Keep your account secure',
        summary: 'How sign-in is protected, why money movements ask for confirmation, and where security notices go.',
        keywords: [
          'security',
          'password',
          'sign in',
          'locked',
          'lockout',
          'biometrics',
          'vault e-mail',
          'phishing',
          'wallet',
        ],
        body: [
          p(
            `After ${MAX_FAILED_SIGN_INS} wrong passwords in a row, sign-in for ` +
              `that e-mail pauses for ${E.dur(LOCKOUT_MINUTES * 60)}. You can ` +
              `also sign in with a wallet you linked in Settings → Linked wallets.`,
          ),
          p(
            'Every withdrawal, PIX payment and bank transfer asks you to confirm with your password ' +
              'on the web, or your device biometrics in the app. A double tap never sends twice.',
          ),
          p(
            'Set a vault e-mail in Settings → Vault e-mail: statements and security notices go there, verified ' +
              'by a code. Cash staff never ask for your password, your card details or a code by phone or chat.',
          ),
        ],
      },
      'pt-BR': {
        title: 'Mantenha a sua conta segura',
        summary:
          'Como o acesso é protegido, por que as movimentações ' +
          'pedem confirmação e para onde vão os avisos de segurança.',
        keywords: [
          'segurança',
          'senha',
          'entrar',
          'login',
          'bloqueado',
          'bloqueio',
          'biometria',
          'e-mail do cofre',
          'golpe',
          'carteira',
        ],
        body: [
          p(
            `Após ${MAX_FAILED_SIGN_INS} senhas erradas seguidas, o acesso com aquele ` +
              `e-mail fica pausado por ${P.dur(LOCKOUT_MINUTES * 60)}. Você também pode ` +
              `entrar com uma carteira conectada em Configurações → Carteiras conectadas.`,
          ),
          p(
            'Todo saque, pagamento PIX e transferência bancária pede confirmação com a sua senha ' +
              'na web, ou a biometria do aparelho no app. Um toque duplo nunca envia duas vezes.',
          ),
          p(
            'Defina um e-mail do cofre em Configurações → E-mail do cofre: extratos e ' +
              'avisos de segurança vão para ele, verificado por código. A equipe da Cash ' +
              'nunca pede a sua senha, os dados do cartão ou um código por telefone ou chat.',
          ),
        ],
      },
    },
  },
  {
    id: 'fees',
    category: 'fees',
    related: ['pix-send', 'withdraw-crypto', 'order-a-card'],
    text: {
      en: {
        title: 'Every fee, in one place',
        summary: 'What Cash charges, always shown before you confirm. No decline fees, no monthly fee.',
        keywords: ['fee', 'fees', 'cost', 'price', 'charge', 'spread', 'fx', 'interest', 'apr', 'cashback'],
        body: [
          list(
            `PIX top-up and PIX payment: ${E.pct(PIX_TOP_UP.feeBps)}, rate locked ${E.dur(PIX_TOP_UP.lockSeconds)}.`,
            `Bank transfer in: ${E.pct(BANK_RECEIVE.feeBps)} (plus ${E.pct(BANK_RECEIVE.fxFeeBps)} ` +
              `FX on euros). Bank transfer out: ${E.pct(BANK_SEND.feeBps)}.`,
            `Crypto withdrawal network fee: ${E.money(WITHDRAWAL_FEES.USDC, 'USDC')} ` +
              `(USDC, USDT) or ${E.money(WITHDRAWAL_FEES.ETH, 'ETH')} (ETH, weETH).`,
            `Bridges: Stargate ${E.pct(BRIDGE_FEE_BPS.stargate)}, ether.fi ${E.pct(BRIDGE_FEE_BPS.etherfi)}. ` +
              `Conversion between assets: ${E.pct(CONVERT_SPREAD_BPS)} spread.`,
            `Physical card: the first is free, each further ` +
              `one ${E.money(PHYSICAL_CARD_FEE, 'USDC')}. Virtual cards are free.`,
            `Borrow mode: ${E.pct(BORROW_APR_BPS)} APR on what you borrow, accrued daily.`,
          ),
          p(
            `Card purchases and declines cost nothing. Qualifying card purchases earn ` +
              `cashback by membership tier: Core ${E.pct(TIER_CASHBACK_BPS.core)}, Luxe and ` +
              `Pinnacle ${E.pct(TIER_CASHBACK_BPS.luxe)}, VIP ${E.pct(TIER_CASHBACK_BPS.vip)}, ` +
              `never more than ${E.pct(MAX_CASHBACK_BPS)} of a purchase with promotions.`,
          ),
        ],
      },
      'pt-BR': {
        title: 'Todas as tarifas, em um só lugar',
        summary: 'O que a Cash cobra, sempre mostrado antes de confirmar. Sem tarifa por recusa, sem mensalidade.',
        keywords: [
          'tarifa',
          'tarifas',
          'taxa',
          'taxas',
          'custo',
          'preço',
          'cobrança',
          'spread',
          'câmbio',
          'juros',
          'cashback',
        ],
        body: [
          list(
            `PIX (adicionar e pagar): ${P.pct(PIX_TOP_UP.feeBps)}, ` +
              `cotação travada por ${P.dur(PIX_TOP_UP.lockSeconds)}.`,
            `Transferência bancária recebida: ${P.pct(BANK_RECEIVE.feeBps)} (mais ${P.pct(BANK_RECEIVE.fxFeeBps)} ` +
              `de câmbio em euros). Transferência bancária enviada: ${P.pct(BANK_SEND.feeBps)}.`,
            `Taxa de rede no saque em cripto: ${P.money(WITHDRAWAL_FEES.USDC, 'USDC')} ` +
              `(USDC, USDT) ou ${P.money(WITHDRAWAL_FEES.ETH, 'ETH')} (ETH, weETH).`,
            `Pontes: Stargate ${P.pct(BRIDGE_FEE_BPS.stargate)}, ether.fi ${P.pct(BRIDGE_FEE_BPS.etherfi)}. ` +
              `Conversão entre ativos: spread de ${P.pct(CONVERT_SPREAD_BPS)}.`,
            `Cartão físico: o primeiro é grátis, cada um a ` +
              `mais ${P.money(PHYSICAL_CARD_FEE, 'USDC')}. Cartões virtuais são grátis.`,
            `Modo Borrow: ${P.pct(BORROW_APR_BPS)} ao ano sobre o que você tomou, calculados por dia.`,
          ),
          p(
            `Compras e recusas no cartão não custam nada. Compras qualificadas no cartão ` +
              `geram cashback pelo nível: Core ${P.pct(TIER_CASHBACK_BPS.core)}, Luxe e ` +
              `Pinnacle ${P.pct(TIER_CASHBACK_BPS.luxe)}, VIP ${P.pct(TIER_CASHBACK_BPS.vip)}, ` +
              `nunca mais de ${P.pct(MAX_CASHBACK_BPS)} de uma compra somando promoções.`,
          ),
        ],
      },
    },
  },
]

/** The article with this id, if any. */
export function helpArticle(id: string): HelpArticle | undefined {
  return HELP_ARTICLES.find((a) => a.id === id)
}
