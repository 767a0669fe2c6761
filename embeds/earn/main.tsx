import { mountEmbed } from '../lib/mount-embed'
import { EarnEmbed } from './earn-embed'

mountEmbed('earn', EarnEmbed)
