import { z } from 'zod'
import { event, invoke } from './define'

export type TransportKind = 'electron' | 'web'

export interface EnvironmentSummary {
  id: string
  name: string
  builtIn: boolean
  authUrl: string
  baseUrl: string
  /** Marked production: a colour band on every screen, and state-changing requests need a typed confirmation. */
  production: boolean
}

export interface SecretStorageInfo {
  /** e.g. 'safeStorage:gnome_libsecret', 'safeStorage:basic_text', 'aes-256-gcm-keyfile' */
  backend: string
  /** false when secrets are stored in a way any local process can read (safeStorage basic_text). */
  protected: boolean
  /** One sentence shown in the UI next to the backend. */
  description: string
}

export interface AppInfo {
  name: string
  version: string
  transport: TransportKind
  platform: string
  environments: EnvironmentSummary[]
  activeEnvironmentId: string | null
  secretStorage: SecretStorageInfo
  /** Where the built-in sandbox listens, when it runs. */
  sandboxUrl: string | null
  startedAt: string
  /** Presenter mode: every credential masked in every answer and event, reveals and "with secrets" exports refused. */
  presenter: boolean
}

interface PresenterState {
  presenter: boolean
}

export interface Heartbeat {
  seq: number
  at: string
  uptimeSeconds: number
}

export const appChannels = {
  'app:info': invoke(() => z.object({}).strict()).returns<AppInfo>(),
  'app:ping': invoke(() => z.object({ echo: z.string().max(200) }).strict()).returns<{ echo: string; at: string }>(),
  /** Turns presenter mode on or off (the engine masks and refuses from then on; every window is told). */
  'app:setPresenter': invoke(() => z.object({ presenter: z.boolean() }).strict()).returns<PresenterState>(),
}

export const appEvents = {
  'app:heartbeat': event<Heartbeat>(),
  /** Presenter mode was turned on or off. */
  'app:presenter': event<PresenterState>(),
}
