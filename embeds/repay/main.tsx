import { bootEmbed } from '../lib/boot-embed'

bootEmbed('repay', () => import('./repay-embed').then((m) => m.RepayEmbed))
