import { bootEmbed } from '../lib/boot-embed'

bootEmbed('history', () => import('./history-embed').then((m) => m.HistoryEmbed))
