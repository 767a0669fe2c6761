import type { EmbedProps } from '../lib/embed-props'
import { HomePage } from './home-page'

/** `/app/cash`: the holder's money at a glance. */
export function HomeEmbed(_props: EmbedProps) {
  return <HomePage hrefs={{ onboarding: '/app/cash/onboarding/personal', admin: '/app/cash/admin' }} />
}
