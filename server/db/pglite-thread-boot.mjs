// The database thread's entry: a worker thread starts without the parent's TypeScript loader (Node 20), so it
// registers tsx for itself before loading the thread's code (its composition root, which serves the database).
import { register } from 'tsx/esm/api'

register()
await import('../database-thread.ts')
