import { mountEmbed } from '../lib/mount-embed'
import { HomePage } from './home-page'

mountEmbed(() => <HomePage hrefs={{ onboarding: '/app/cash/onboarding/personal', admin: '/app/cash/admin' }} />)
