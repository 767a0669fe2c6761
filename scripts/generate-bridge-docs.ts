import { writeFileSync } from 'node:fs'
import { protocolJsonSchema, protocolMarkdown } from '../bridge/protocol-docs'

// Writes docs/bridge-protocol.md and docs/bridge-protocol.schema.json from the zod schemas.
writeFileSync(
  new URL('../docs/bridge-protocol.schema.json', import.meta.url),
  `${JSON.stringify(protocolJsonSchema(), null, 2)}\n`,
)
writeFileSync(new URL('../docs/bridge-protocol.md', import.meta.url), protocolMarkdown())
process.stdout.write('wrote docs/bridge-protocol.md and docs/bridge-protocol.schema.json\n')
