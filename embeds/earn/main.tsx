import { bootEmbed } from '../lib/boot-embed'

bootEmbed('earn', () => import('./earn-embed').then((m) => m.EarnEmbed))
