/** Query keys of the auth domain (`oauth:*`); `all` is the prefix of every one, `statuses` of every status. */
export const authKeys = {
  all: ['oauth'] as const,
  statuses: ['oauth', 'status'] as const,
  status: (envId: string | null) => ['oauth', 'status', envId] as const,
  tokens: (envId: string | null) => ['oauth', 'tokens', envId] as const,
}
