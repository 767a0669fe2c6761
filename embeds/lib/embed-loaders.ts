import type { ComponentType } from 'react'
import type { EmbedName } from '../../domain/webview-pages'
import type { EmbedProps } from './embed-props'

type Loader = () => Promise<ComponentType<EmbedProps>>

/**
 * Each embed's component, by name, one chunk each (Vite splits at each dynamic import): the shell loads one when
 * its route is first visited (host/embed-registry.ts), the server draws first screens with them (server-render.tsx).
 */
export const LOADERS: Record<EmbedName, Loader> = {
  home: () => import('../home/home-embed').then((m) => m.HomeEmbed),
  auth: () => import('../auth/auth-embed').then((m) => m.AuthEmbed),
  onboarding: () => import('../onboarding/onboarding-embed').then((m) => m.OnboardingEmbed),
  'top-up': () => import('../top-up/top-up-embed').then((m) => m.TopUpEmbed),
  'pix-top-up': () => import('../pix-top-up/pix-top-up-embed').then((m) => m.PixTopUpEmbed),
  'pix-send': () => import('../pix-send/pix-send-embed').then((m) => m.PixSendEmbed),
  withdraw: () => import('../withdraw/withdraw-embed').then((m) => m.WithdrawEmbed),
  bank: () => import('../bank/bank-embed').then((m) => m.BankEmbed),
  convert: () => import('../convert/convert-embed').then((m) => m.ConvertEmbed),
  earn: () => import('../earn/earn-embed').then((m) => m.EarnEmbed),
  repay: () => import('../repay/repay-embed').then((m) => m.RepayEmbed),
  cards: () => import('../cards/cards-embed').then((m) => m.CardsEmbed),
  history: () => import('../history/history-embed').then((m) => m.HistoryEmbed),
  rewards: () => import('../rewards/rewards-embed').then((m) => m.RewardsEmbed),
  'membership-rewards': () =>
    import('../membership-rewards/membership-rewards-embed').then((m) => m.MembershipRewardsEmbed),
  account: () => import('../account/account-embed').then((m) => m.AccountEmbed),
  support: () => import('../support/support-embed').then((m) => m.SupportEmbed),
  admin: () => import('../admin/admin-embed').then((m) => m.AdminEmbed),
}
