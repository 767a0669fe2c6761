import { bootEmbed } from '../lib/boot-embed'

bootEmbed('support', () => import('./support-embed').then((m) => m.SupportEmbed))
