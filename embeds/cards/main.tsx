import { mountEmbed } from '../lib/mount-embed'
import { CardsEmbed } from './cards-embed'

mountEmbed('cards', CardsEmbed)
