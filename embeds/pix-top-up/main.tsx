import { mountEmbed } from '../lib/mount-embed'
import { PixTopUpEmbed } from './pix-top-up-embed'

mountEmbed('pix-top-up', PixTopUpEmbed)
