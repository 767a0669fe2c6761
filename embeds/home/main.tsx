import { mountEmbed } from '../lib/mount-embed'
import { HomeEmbed } from './home-embed'

mountEmbed('home', HomeEmbed)
