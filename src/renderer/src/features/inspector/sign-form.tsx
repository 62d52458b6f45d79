import { CodeEditor } from '../../ui/code-editor'
import { useInspectorStore } from './inspector-store'
import type { SignProblems } from './sign-request'
import { MethodList, TextField } from './text-field'
import { TimestampField } from './timestamp-field'

/** The Sign tab's inputs; every change re-signs (after a short pause) and redraws the canonical string. */
export function SignForm({
  problems,
  environmentClientId,
  now,
  serverTimeKnown,
}: {
  problems: SignProblems
  environmentClientId: string | null
  now: { setNow: (source: 'local' | 'server') => void; pending: boolean; error: unknown }
  serverTimeKnown: boolean
}) {
  const inputs = useInspectorStore(s => s.sign)
  const setSign = useInspectorStore(s => s.setSign)
  return (
    <div className="sign-form">
      <TextField
        label="Client id (x-access-key)"
        value={inputs.clientId}
        onChange={clientId => setSign({ clientId })}
        problem={problems.clientId}
        placeholder={environmentClientId ? `Empty: ${environmentClientId} (environment)` : 'Empty: the environment’s client id'}
      />
      <div className="inspector-row inspector-row--top">
        <TextField
          label="Method"
          className="sign-form__method"
          value={inputs.method}
          onChange={method => setSign({ method })}
          problem={problems.method}
          list="inspector-methods"
        />
        <TextField
          label="Path (with query, as sent)"
          className="inspector-row__grow"
          value={inputs.path}
          onChange={path => setSign({ path })}
          problem={problems.path}
        />
        <MethodList id="inspector-methods" />
      </div>
      <TimestampField
        value={inputs.timestamp}
        onChange={timestamp => setSign({ timestamp })}
        problem={problems.timestamp}
        onNow={now.setNow}
        pending={now.pending}
        error={now.error}
        serverTimeKnown={serverTimeKnown}
      />
      <div className="field inspector-field">
        <span className="field__label">Body (exactly as sent; empty = no body)</span>
        <CodeEditor
          label="Body"
          value={inputs.body}
          onChange={body => setSign({ body })}
          onSubmit={() => now.setNow('local')}
          height={96}
        />
        {problems.body ? <span className="inspector-field__problem">{problems.body}</span> : null}
      </div>
    </div>
  )
}
