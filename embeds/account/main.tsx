import { mountEmbed } from '../lib/mount-embed'
import { AccountEmbed } from './account-embed'

mountEmbed('account', AccountEmbed)
