/** Query keys of the sandbox operator domain (`sandbox:*`). */
export const sandboxKeys = {
  state: ['sandbox', 'state'] as const,
}
