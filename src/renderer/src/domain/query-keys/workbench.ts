import type { ComposerRequestInput } from '../../../../shared/contract'

/** Query keys of the workbench domain (`workbench:*`); the plural ones are prefixes that match every entry of a kind. */
export const workbenchKeys = {
  collections: ['workbench', 'collection'] as const,
  collection: (envId: string | null) => ['workbench', 'collection', envId] as const,
  histories: ['workbench', 'history'] as const,
  history: (envId: string | null, id: string | null) => ['workbench', 'history', envId, id] as const,
  predictions: ['workbench', 'predict'] as const,
  predict: (envId: string | null, request: ComposerRequestInput) => ['workbench', 'predict', envId, request] as const,
  compare: (a: string | null, b: string | null) => ['workbench', 'compare', a, b] as const,
  signingCode: ['workbench', 'signingCode'] as const,
  /** The composer's last answer (`workbench:send`), kept while Compare or another panel is shown. */
  lastAnswer: ['workbench', 'send', 'last'] as const,
}
