import { mountEmbed } from '../lib/mount-embed'
import { WithdrawEmbed } from './withdraw-embed'

mountEmbed('withdraw', WithdrawEmbed)
