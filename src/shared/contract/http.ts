// The `http:*` channels and events. Filled by the issue that builds this domain.
export const httpChannels = {}

export const httpEvents = {}
