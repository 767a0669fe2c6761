import { bootEmbed } from '../lib/boot-embed'

bootEmbed('top-up', () => import('./top-up-embed').then((m) => m.TopUpEmbed))
