/** Query keys of the network-log domain (`log:*`). `list` is also the prefix of the compare picker's short list. */
export const logKeys = {
  list: ['log', 'list'] as const,
  comparePicker: ['log', 'list', 'compare-picker'] as const,
  entry: (id: string, state: string) => ['log', 'entry', id, state] as const,
  /** The ids a filter query matches, asked again at each revision of the log. */
  match: (query: string, revision: string) => ['log', 'match', query, revision] as const,
}
