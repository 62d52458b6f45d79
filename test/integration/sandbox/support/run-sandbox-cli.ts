// Runs the real `sandbox` CLI command in its own process so the suite can stop it with SIGINT/SIGTERM.
import { runSandboxCommand } from '../../../../src/main/cli/sandbox-command'

process.exitCode = await runSandboxCommand(process.argv.slice(2))
