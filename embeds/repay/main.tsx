import { mountEmbed } from '../lib/mount-embed'
import { RepayEmbed } from './repay-embed'

mountEmbed('repay', RepayEmbed)
