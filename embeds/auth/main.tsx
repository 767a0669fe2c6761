import { mountEmbed } from '../lib/mount-embed'
import { SignInPage } from './sign-in-page'

mountEmbed(() => <SignInPage onSignedIn={() => window.location.assign('/app/cash')} signUpHref="/app/cash/sign-up" />)
