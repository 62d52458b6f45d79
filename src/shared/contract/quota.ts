// The `quota:*` channels and events. Filled by the issue that builds this domain.
export const quotaChannels = {}

export const quotaEvents = {}
