import { bootEmbed } from '../lib/boot-embed'

bootEmbed('convert', () => import('./convert-embed').then((m) => m.ConvertEmbed))
