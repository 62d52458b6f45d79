import type { FuseV1Config } from '@electron/fuses'

/** The fuses the packaged app ships with (see fuses.mjs). */
export declare const FUSES: FuseV1Config & { strictlyRequireAllFuses: true }
