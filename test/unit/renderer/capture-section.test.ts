import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { captureVariables } from '../../../src/main/engine/capture/client-variables'
import { readPort } from '../../../src/renderer/src/features/capture/capture-form'
import { exportLines, groupVariables } from '../../../src/renderer/src/features/capture/capture-variables'
import { scorecardRows } from '../../../src/renderer/src/features/capture/scorecard-model'
import { useLogStore } from '../../../src/renderer/src/features/network-log/log-store'
import { showInLog } from '../../../src/renderer/src/features/network-log/show-in-log'
import { useNavStore } from '../../../src/renderer/src/stores/nav-store'
import type { DoctorRuleView } from '../../../src/shared/contract'

// What the Capture section shows and copies, from the engine's own variables, checked through a real POSIX shell.

describe('the Capture section', () => {
  it('copies every variable as export lines a shell reads back exactly, whatever the value holds', () => {
    const hostile = [`/tmp/it's here/ca.pem`, '/tmp/$HOME `id` "q"/ca.pem', '/tmp/a\\b c\n d.pem']
    for (const caFile of hostile) {
      const { variables } = captureVariables('proxy', {
        authUrl: 'http://127.0.0.1:4001',
        baseUrl: 'http://127.0.0.1:4002',
        proxyUrl: 'http://127.0.0.1:4003',
        caFile,
        bundleFile: `${caFile}.bundle`,
      })
      const script = `${exportLines(variables)}\nprintf '%s\\0' "$NODE_EXTRA_CA_CERTS" "$REQUESTS_CA_BUNDLE" "$NO_PROXY" "$PARTNER_BASE_URL"`
      const out = execFileSync('sh', ['-c', script], { encoding: 'utf8', env: {} }).split('\0')
      expect(out.slice(0, 4)).toEqual([caFile, `${caFile}.bundle`, '', 'http://127.0.0.1:4002'])
    }
  })

  it('lists the variables by runtime: the integration’s URLs first, then every runtime, Node, Python, curl', () => {
    const { variables } = captureVariables('proxy', {
      authUrl: 'http://127.0.0.1:1',
      baseUrl: 'http://127.0.0.1:2',
      proxyUrl: 'http://127.0.0.1:3',
      caFile: '/ca.pem',
      bundleFile: '/bundle.pem',
    })
    const groups = groupVariables(variables)
    expect(groups.map(g => g.label)).toEqual(['Your integration', 'Every runtime', 'Node', 'Python', 'curl'])
    expect(groups.flatMap(g => g.variables).length).toBe(variables.length)
    expect(groupVariables([...variables, { name: 'X', value: '1', runtime: 'ruby' }]).at(-1)?.label).toBe('ruby')
  })

  it('refuses a port that is not one before anything is sent; empty means a free port', () => {
    expect(readPort('')).toEqual({})
    expect(readPort(' 8080 ')).toEqual({ port: 8080 })
    for (const bad of ['0', '65536', '70000', '-1', '80.5', '1e3', 'abc']) expect(readPort(bad).problem, bad).toMatch(/port|1–65535/)
  })

  it('opens the log on captured exchanges (the filter language source:captured), or on one selected entry', () => {
    useLogStore.getState().setQuery('method:POST')
    showInLog({ source: 'captured' })
    expect(useLogStore.getState().query).toBe('source:captured')
    expect(useNavStore.getState().drawerOpen).toBe(true)
    showInLog({ select: 'log-7' })
    expect(useLogStore.getState().query).toBe('')
    expect(useLogStore.getState().selectedId).toBe('log-7')
  })

  it('orders the scorecard failures first, then warnings, passes and not exercised, keeping the engine’s order within each', () => {
    const rule = (id: string, verdict: DoctorRuleView['verdict']) =>
      ({ id, verdict, section: '5.2', title: id, message: '', evidence: [], evidenceCount: 0, checked: 0 }) as DoctorRuleView
    const rules = [
      rule('p1', 'pass'),
      rule('n1', 'not_exercised'),
      rule('f1', 'fail'),
      rule('w1', 'warning'),
      rule('f2', 'fail'),
      rule('p2', 'pass'),
    ]
    expect(scorecardRows(rules, false).map(r => r.id)).toEqual(['f1', 'f2', 'w1', 'p1', 'p2', 'n1'])
    expect(scorecardRows(rules, true).map(r => r.id)).toEqual(['f1', 'f2'])
  })
})
