import {
  LinkWalletBody,
  ProfileBody,
  ProfileView,
  UnlinkWalletBody,
  VaultEmailRequestBody,
  VaultEmailVerifyBody,
  VaultEmailView,
  WalletNonceBody,
  WalletNonceResponse,
  WalletParams,
  WalletsView,
} from '../../domain/api/settings.schema'
import { publicOrigin } from '../http/public-origin'
import { defineRoute } from '../http/route-table'
import { getProfile, saveProfile } from './profile-service'
import { getVaultEmail, requestVaultCode, verifyVaultCode } from './vault-email-service'
import { issueWalletNonce, linkWallet, listWallets, unlinkWallet } from './wallet-service'

export const settingsRoutes = [
  defineRoute({
    method: 'get',
    path: '/profile',
    summary: 'Your profile: name, login e-mail (read-only), language, phone and your account’s time zone',
    tag: 'settings',
    access: { kind: 'user' },
    response: ProfileView,
    handler: ({ deps, db, principal }) => getProfile(deps, db, principal!),
  }),
  defineRoute({
    method: 'put',
    path: '/profile',
    summary:
      'Save name, language, phone (E.164 or empty) and time zone (IANA; a company’s only by its owners and admins)',
    tag: 'settings',
    access: { kind: 'user' },
    body: ProfileBody,
    response: ProfileView,
    handler: ({ deps, body, principal }) =>
      deps.db.kysely.transaction().execute(async (tx) => {
        await saveProfile(deps, tx, principal!, body)
        return getProfile(deps, tx, principal!)
      }),
  }),
  defineRoute({
    method: 'get',
    path: '/vault-email',
    summary: 'The verified vault e-mail (statements, security notices) and one waiting for its code',
    tag: 'settings',
    access: { kind: 'user' },
    response: VaultEmailView,
    handler: ({ deps, db, principal }) => getVaultEmail(deps, db, principal!.userId),
  }),
  defineRoute({
    method: 'post',
    path: '/vault-email',
    // Too many codes asked for.
    errorStatuses: [429],
    summary: 'Send a 6-digit code to a new vault address (replaces an earlier code; rate-limited)',
    tag: 'settings',
    access: { kind: 'user' },
    body: VaultEmailRequestBody,
    response: VaultEmailView,
    handler: ({ deps, body, principal }) =>
      deps.db.kysely.transaction().execute(async (tx) => {
        await requestVaultCode(deps, tx, principal!.userId, body.email)
        return getVaultEmail(deps, tx, principal!.userId)
      }),
  }),
  defineRoute({
    method: 'post',
    path: '/vault-email/verify',
    summary: 'Enter the code: the waiting address becomes the vault e-mail (5 wrong tries end the code)',
    tag: 'settings',
    access: { kind: 'user' },
    body: VaultEmailVerifyBody,
    response: VaultEmailView,
    handler: async ({ deps, body, principal }) => {
      await verifyVaultCode(deps, principal!.userId, body.code)
      return getVaultEmail(deps, deps.db.kysely, principal!.userId)
    },
  }),
  defineRoute({
    method: 'get',
    path: '/wallets',
    summary: 'Your linked wallets',
    tag: 'settings',
    access: { kind: 'user' },
    response: WalletsView,
    handler: ({ db, principal }) => listWallets(db, principal!.userId),
  }),
  defineRoute({
    method: 'post',
    path: '/wallets/nonce',
    // Too many nonces asked for from this device.
    errorStatuses: [429],
    summary: 'A single-use nonce and the exact Sign-In-With-Ethereum message to link this address (10 minutes)',
    tag: 'settings',
    access: { kind: 'user' },
    body: WalletNonceBody,
    response: WalletNonceResponse,
    handler: ({ c, deps, body, principal }) =>
      issueWalletNonce(
        deps,
        deps.db.kysely,
        { purpose: 'link', userId: principal!.userId },
        body.address,
        publicOrigin(c, deps),
      ),
  }),
  defineRoute({
    method: 'post',
    path: '/wallets',
    summary:
      'Link the wallet that signed the issued message (one wallet links to one user), confirmed like unlinking: ' +
      'by password (web) or host biometrics (native)',
    tag: 'settings',
    access: { kind: 'user' },
    status: 201,
    body: LinkWalletBody,
    response: WalletsView,
    handler: async ({ c, deps, db, body, principal }) => {
      await linkWallet(deps, db, principal!, body, publicOrigin(c, deps))
      return listWallets(db, principal!.userId)
    },
  }),
  defineRoute({
    method: 'post',
    path: '/wallets/:address/unlink',
    summary: 'Unlink a wallet, confirmed by password (web) or host biometrics (native)',
    tag: 'settings',
    access: { kind: 'user' },
    params: WalletParams,
    body: UnlinkWalletBody,
    response: WalletsView,
    handler: async ({ deps, db, params, body, principal }) => {
      await unlinkWallet(deps, db, principal!, params.address, body.confirmation)
      return listWallets(db, principal!.userId)
    },
  }),
]
