import type { EmbedName } from '../../domain/webview-pages'
import type { Locale } from './i18n'

/** Who may open a route. The server enforces the same rules on every API call behind the screen. */
export type Guard = 'guest' | 'public' | 'signed-in' | 'personal' | 'corporate' | 'admin'

export type RouteEntry = {
  /** Below /app/cash, wouter syntax: `/admin/user/:userId`. */
  path: string
  embed: EmbedName
  title: Record<Locale, string>
  guard: Guard
  /**
   * Set on the few back-office routes the product spec (routes.txt) does not list, with why they exist; only
   * admin routes may have it (the route walk checks), so no holder-facing page is served beyond the spec.
   */
  beyondSpec?: string
}

const r = (path: string, embed: EmbedName, en: string, pt: string, guard: Guard = 'signed-in'): RouteEntry => ({
  path,
  embed,
  title: { 'en-US': en, 'pt-BR': pt },
  guard,
})

/**
 * Every product route of spec/routes.txt, in match order (specific before general). A test reads
 * routes.txt and fails when a path is missing here.
 */
export const ROUTES: readonly RouteEntry[] = [
  r('/', 'home', 'Home', 'Início'),
  r('/sign-in', 'auth', 'Sign in to Cash', 'Entrar no Cash', 'guest'),
  r('/sign-up', 'auth', 'Create your Cash account', 'Crie sua conta Cash', 'guest'),
  r('/waitlist', 'auth', 'Join the waitlist', 'Entre na lista de espera', 'public'),
  r('/accept-invite', 'auth', 'Accept your invitation', 'Aceite seu convite', 'public'),
  r('/onboarding/personal', 'onboarding', 'Set up your personal account', 'Configure sua conta pessoal'),
  r('/onboarding/corporate', 'onboarding', 'Set up your company account', 'Configure a conta da sua empresa'),
  r('/kyc', 'onboarding', 'Verify your identity', 'Verifique sua identidade'),
  r('/kyb', 'onboarding', 'Verify your business', 'Verifique sua empresa'),
  r('/safe-creation/success', 'onboarding', 'Your safe is ready', 'Seu cofre está pronto'),
  r('/safe-creation', 'onboarding', 'Create your safe', 'Crie seu cofre'),
  r('/top-up/stargate/on-the-way/:hash', 'top-up', 'Transfer on the way', 'Transferência a caminho'),
  r('/top-up/stargate', 'top-up', 'Bridge with Stargate', 'Ponte com Stargate'),
  r('/top-up/etherfi-bridge', 'top-up', 'Bridge from ether.fi', 'Ponte da ether.fi'),
  r('/top-up/send', 'top-up', 'Send from your wallet', 'Enviar da sua carteira'),
  r('/top-up/share-address', 'top-up', 'Your deposit address', 'Seu endereço de depósito'),
  r('/top-up', 'top-up', 'Add money', 'Adicionar dinheiro'),
  r('/pix/top-up', 'pix-top-up', 'Add money with PIX', 'Adicionar dinheiro com PIX'),
  r('/pix/send', 'pix-send', 'Pay with PIX', 'Pagar com PIX'),
  r('/withdraw/crypto/status', 'withdraw', 'Withdrawal status', 'Status do saque'),
  r('/withdraw/crypto', 'withdraw', 'Withdraw crypto', 'Sacar cripto'),
  r('/withdraw', 'withdraw', 'Withdraw', 'Sacar'),
  r('/bank/send/add/manual', 'bank', 'Add a bank account', 'Adicionar conta bancária'),
  r('/bank/send/add/plaid', 'bank', 'Link your bank', 'Conectar seu banco'),
  r('/bank/send/add', 'bank', 'Add a recipient', 'Adicionar destinatário'),
  r('/bank/send', 'bank', 'Send to a bank', 'Enviar para um banco'),
  r('/bank/receive', 'bank', 'Receive from a bank', 'Receber de um banco'),
  r('/bank', 'bank', 'Bank transfers', 'Transferências bancárias'),
  r('/convert', 'convert', 'Convert', 'Converter'),
  r('/earn/liquid', 'earn', 'Liquid vaults', 'Cofres Liquid'),
  r('/earn/weeth', 'earn', 'Stake ETH for weETH', 'Fazer stake de ETH por weETH'),
  r('/earn', 'earn', 'Earn', 'Render'),
  r('/repay', 'repay', 'Repay', 'Pagar dívida'),
  r('/card/@personal', 'cards', 'Your cards', 'Seus cartões', 'personal'),
  r('/card/@corporate/add', 'cards', 'Issue a card', 'Emitir um cartão', 'corporate'),
  r('/card/@corporate', 'cards', 'Company cards', 'Cartões da empresa', 'corporate'),
  r('/order-card/@personal', 'cards', 'Order a card', 'Pedir um cartão', 'personal'),
  r('/order-card/@corporate', 'cards', 'Order a company card', 'Pedir um cartão da empresa', 'corporate'),
  r('/transaction-history/card/:id', 'history', 'Card transaction', 'Transação do cartão'),
  r('/transaction-history/:type/:id', 'history', 'Transaction', 'Transação'),
  r('/transaction-history', 'history', 'Transaction history', 'Histórico de transações'),
  r('/settings/alerts/spend-limit', 'account', 'Spending alerts', 'Alertas de gastos'),
  r('/settings/alerts/spendable-balance', 'account', 'Low balance alert', 'Alerta de saldo baixo'),
  r('/settings/alerts', 'account', 'Alerts', 'Alertas'),
  r('/settings/profile-details', 'account', 'Profile details', 'Dados do perfil'),
  r('/settings/vault-email', 'account', 'Vault e-mail', 'E-mail do cofre'),
  r('/settings/wallets', 'account', 'Linked wallets', 'Carteiras conectadas'),
  r('/settings', 'account', 'Settings', 'Configurações'),
  r('/safe', 'account', 'Your safe', 'Seu cofre'),
  r('/people', 'account', 'People', 'Pessoas', 'corporate'),
  r('/cashback', 'rewards', 'Cashback', 'Cashback'),
  r('/my-membership/activity', 'rewards', 'Membership activity', 'Atividade da assinatura'),
  r('/my-membership/benefits', 'rewards', 'Membership benefits', 'Benefícios da assinatura'),
  r('/my-membership', 'rewards', 'Your membership', 'Sua assinatura'),
  r('/promotion/membership-rewards', 'membership-rewards', 'Membership rewards', 'Recompensas da assinatura'),
  r('/promotion/splashback', 'rewards', 'Splashback', 'Splashback'),
  r('/promotion/summer-mint', 'rewards', 'Summer Mint', 'Summer Mint'),
  r('/promotion/triple-dip', 'rewards', 'Triple Dip', 'Triple Dip'),
  r('/promotion', 'rewards', 'Promotions', 'Promoções'),
  r('/refer/details', 'rewards', 'Your referrals', 'Suas indicações'),
  r('/refer', 'rewards', 'Refer a friend', 'Indique um amigo'),
  r('/referral-leaderboard', 'rewards', 'Referral leaderboard', 'Ranking de indicações'),
  r('/support/help-center/:id', 'support', 'Help article', 'Artigo de ajuda', 'public'),
  r('/support/help-center', 'support', 'Help center', 'Central de ajuda', 'public'),
  r('/support/feedback', 'support', 'Send feedback', 'Enviar feedback'),
  r('/support/wallet-instruct', 'support', 'Add your card to a wallet', 'Adicione seu cartão a uma carteira', 'public'),
  r('/support', 'support', 'Support', 'Suporte', 'public'),
  r('/feedback', 'support', 'Send feedback', 'Enviar feedback'),
  r('/admin/account/:accountSearchParam', 'admin', 'Account', 'Conta', 'admin'),
  r('/admin/account', 'admin', 'Accounts', 'Contas', 'admin'),
  r('/admin/card/:cardId', 'admin', 'Card', 'Cartão', 'admin'),
  r('/admin/card', 'admin', 'Cards', 'Cartões', 'admin'),
  r('/admin/user/:userId', 'admin', 'User', 'Usuário', 'admin'),
  r('/admin/user', 'admin', 'Users', 'Usuários', 'admin'),
  r('/admin/campaigns', 'admin', 'Campaigns', 'Campanhas', 'admin'),
  r('/admin/cashback-rules', 'admin', 'Cashback rules', 'Regras de cashback', 'admin'),
  r('/admin/failed-recons', 'admin', 'Failed reconciliations', 'Conciliações com falha', 'admin'),
  r('/admin/feature-flags', 'admin', 'Feature flags', 'Feature flags', 'admin'),
  r('/admin/investigate-transaction', 'admin', 'Investigate a transaction', 'Investigar uma transação', 'admin'),
  r('/admin/manual-refunds', 'admin', 'Manual refunds', 'Reembolsos manuais', 'admin'),
  r('/admin/pending-holds', 'admin', 'Pending holds', 'Reservas pendentes', 'admin'),
  {
    ...r('/admin/identity-reviews', 'admin', 'Identity reviews', 'Análises de identidade', 'admin'),
    beyondSpec: 'the queue behind the dashboard’s Pending KYC (issue 18, defect 9)',
  },
  {
    ...r('/admin/sandbox', 'admin', 'Sandbox', 'Sandbox', 'admin'),
    beyondSpec: 'the sandbox controls for any account, off in production (issue 18)',
  },
  r('/admin', 'admin', 'Back office', 'Back office', 'admin'),
]

/** Legacy paths that lead to their targets. */
export const ALIASES: Readonly<Record<string, string>> = {
  '/membership': '/my-membership',
  '/promo': '/promotion',
  '/promo/summer-mint': '/promotion/summer-mint',
  '/promo/triple-dip': '/promotion/triple-dip',
  '/referral': '/refer',
}

/** Paths the shell itself owns. */
export const SHELL_PATHS = { errorAcknowledged: '/error-acknowledged', qaHarness: '/webview/test' } as const

/** Turns a wouter pattern into a RegExp for matching outside wouter (standalone pages, tests). */
function patternRegex(pattern: string): RegExp {
  const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '(?<$1>[^/]+)')
  return new RegExp(`^${source}/?$`)
}

/** The route entry for a product path, with its parameters. */
export function matchRoute(
  path: string,
  routes: readonly RouteEntry[] = ROUTES,
): { route: RouteEntry; params: Record<string, string> } | null {
  for (const route of routes) {
    const m = patternRegex(route.path).exec(path || '/')
    if (m)
      return {
        route,
        params: Object.fromEntries(Object.entries(m.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)])),
      }
  }
  return null
}
