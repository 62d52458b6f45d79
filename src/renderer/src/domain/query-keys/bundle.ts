/** Query keys of the repro-bundle domain (`support:openBundle`, `support:replay`): answers kept, never fetched. */
export const bundleKeys = {
  opened: ['support', 'openBundle', 'last'] as const,
  report: ['support', 'replay', 'last'] as const,
}
