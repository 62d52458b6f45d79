/** Query keys of the quota domain (`quota:*`). */
export const quotaKeys = {
  list: ['quota', 'list'] as const,
}
