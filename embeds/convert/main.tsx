import { mountEmbed } from '../lib/mount-embed'
import { ConvertEmbed } from './convert-embed'

mountEmbed('convert', ConvertEmbed)
