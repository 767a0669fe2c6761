import { mountEmbed } from '../lib/mount-embed'
import { HistoryEmbed } from './history-embed'

mountEmbed('history', HistoryEmbed)
