import { describe, expect, it } from 'vitest'
import { warmHarCheck } from '../../../../src/main/engine/har/har-warm-up'

describe('the HAR check warmed up while the host is idle', () => {
  it('checks a sample entry that passes, so the path a real import takes is the one built and compiled', () => {
    expect(warmHarCheck()).toBe(true)
  })
})
