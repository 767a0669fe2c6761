import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { EmbedName } from '../domain/webview-pages'
import type { EmbedProps } from '../embeds/lib/embed-props'

type Loader = () => Promise<ComponentType<EmbedProps>>

// One chunk per embed: Vite splits at each dynamic import, loaded when the embed's route is first visited.
const LOADERS: Record<EmbedName, Loader> = {
  home: () => import('../embeds/home/home-embed').then((m) => m.HomeEmbed),
  auth: () => import('../embeds/auth/auth-embed').then((m) => m.AuthEmbed),
  onboarding: () => import('../embeds/onboarding/onboarding-embed').then((m) => m.OnboardingEmbed),
  'top-up': () => import('../embeds/top-up/top-up-embed').then((m) => m.TopUpEmbed),
  'pix-top-up': () => import('../embeds/pix-top-up/pix-top-up-embed').then((m) => m.PixTopUpEmbed),
  'pix-send': () => import('../embeds/pix-send/pix-send-embed').then((m) => m.PixSendEmbed),
  withdraw: () => import('../embeds/withdraw/withdraw-embed').then((m) => m.WithdrawEmbed),
  bank: () => import('../embeds/bank/bank-embed').then((m) => m.BankEmbed),
  convert: () => import('../embeds/convert/convert-embed').then((m) => m.ConvertEmbed),
  earn: () => import('../embeds/earn/earn-embed').then((m) => m.EarnEmbed),
  repay: () => import('../embeds/repay/repay-embed').then((m) => m.RepayEmbed),
  cards: () => import('../embeds/cards/cards-embed').then((m) => m.CardsEmbed),
  history: () => import('../embeds/history/history-embed').then((m) => m.HistoryEmbed),
  rewards: () => import('../embeds/rewards/rewards-embed').then((m) => m.RewardsEmbed),
  'membership-rewards': () => import('../embeds/membership-rewards/membership-rewards-embed').then((m) => m.MembershipRewardsEmbed),
  account: () => import('../embeds/account/account-embed').then((m) => m.AccountEmbed),
  support: () => import('../embeds/support/support-embed').then((m) => m.SupportEmbed),
  admin: () => import('../embeds/admin/admin-embed').then((m) => m.AdminEmbed),
}

const cache = new Map<EmbedName, LazyExoticComponent<ComponentType<EmbedProps>>>()

/** The embed's component, loaded on first use. */
export function lazyEmbed(name: EmbedName): LazyExoticComponent<ComponentType<EmbedProps>> {
  let component = cache.get(name)
  if (!component) {
    component = lazy(() => LOADERS[name]().then((c) => ({ default: c })))
    cache.set(name, component)
  }
  return component
}
