import type { FirstRunStepId } from '../../../../shared/contract'
import type { SectionId } from '../../frame/section-list'

/** What a step asks, what it is for, and where to do it (a section, or the network log drawer). */
interface FirstRunStepText {
  title: string
  why: string
  goTo: { section: SectionId; label: string } | { drawer: true; label: string }
  /** How the engine knows it is done, shown until it is. */
  ticksWhen: string
}

/** The checklist's words, one entry per step of the engine's checklist (the type checker asks for each). */
export const FIRST_RUN_TEXT: Record<FirstRunStepId, FirstRunStepText> = {
  environment: {
    title: 'Pick the environment',
    why: 'Every call goes to the active environment. The built-in sandbox needs no credentials and no network; add your own server later.',
    goTo: { section: 'environments', label: 'Open Environments' },
    ticksWhen: 'Ticks when the active environment can answer (the built-in sandbox is running, or your server replied).',
  },
  token: {
    title: 'Authorize and get a token',
    why: 'A merchant consents to your client; the authorization code is traded for the access token the bearer calls carry.',
    goTo: { section: 'consent', label: 'Open the consent flow' },
    ticksWhen: 'Ticks when the console holds a token for the active environment.',
  },
  locations: {
    title: 'List the merchant’s locations',
    why: 'Your first bearer call: the locations the grant lets you see, the ids the export asks for.',
    goTo: { section: 'locations', label: 'Open Locations' },
    ticksWhen: 'Ticks when a list of locations answers 2xx.',
  },
  signed: {
    title: 'Send a signed request',
    why: 'The export is HMAC-signed with your client secret and a fresh timestamp; any signed call from Requests counts too.',
    goTo: { section: 'export', label: 'Open Export tickets' },
    ticksWhen: 'Ticks when an HMAC-signed request answers 2xx.',
  },
  inspected: {
    title: 'Look at an exchange',
    why: 'The network log keeps every exchange (credentials redacted); the inspector shows how its signature was built.',
    goTo: { drawer: true, label: 'Open the network log' },
    ticksWhen: 'Ticks when you open an exchange in the network log or explain a signature in the inspector.',
  },
}
