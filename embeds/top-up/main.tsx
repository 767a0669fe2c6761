import { mountEmbed } from '../lib/mount-embed'
import { TopUpEmbed } from './top-up-embed'

mountEmbed('top-up', TopUpEmbed)
