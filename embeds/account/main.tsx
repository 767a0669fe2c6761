import { bootEmbed } from '../lib/boot-embed'

bootEmbed('account', () => import('./account-embed').then((m) => m.AccountEmbed))
