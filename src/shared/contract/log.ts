// The `log:*` channels and events. Filled by the issue that builds this domain.
export const logChannels = {}

export const logEvents = {}
