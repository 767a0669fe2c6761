import { mountEmbed } from '../lib/mount-embed'
import { SupportEmbed } from './support-embed'

mountEmbed('support', SupportEmbed)
