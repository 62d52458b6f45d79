import type { EnvironmentSettings } from '../../../../shared/contract'

/** Query keys of the environment domain (`env:*`); `all` is the prefix of every one. */
export const envKeys = {
  all: ['env'] as const,
  list: ['env', 'list'] as const,
  detail: (id: string | null) => ['env', 'detail', id] as const,
  validate: (settings: EnvironmentSettings) => ['env', 'validate', settings] as const,
}
