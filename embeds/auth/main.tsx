import { mountEmbed } from '../lib/mount-embed'
import { AuthEmbed } from './auth-embed'

mountEmbed('auth', AuthEmbed)
