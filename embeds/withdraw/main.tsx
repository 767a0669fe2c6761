import { bootEmbed } from '../lib/boot-embed'

bootEmbed('withdraw', () => import('./withdraw-embed').then((m) => m.WithdrawEmbed))
