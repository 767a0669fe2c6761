import { mountEmbed } from '../lib/mount-embed'
import { BankEmbed } from './bank-embed'

mountEmbed('bank', BankEmbed)
