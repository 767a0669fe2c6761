import { mountEmbed } from '../lib/mount-embed'
import { PixSendEmbed } from './pix-send-embed'

mountEmbed('pix-send', PixSendEmbed)
