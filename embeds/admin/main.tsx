import { mountEmbed } from '../lib/mount-embed'
import { AdminEmbed } from './admin-embed'

mountEmbed('admin', AdminEmbed)
