import { bootEmbed } from '../lib/boot-embed'

bootEmbed('bank', () => import('./bank-embed').then((m) => m.BankEmbed))
