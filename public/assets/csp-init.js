// Runs before any module of the page (a classic script in <head>; modules are deferred). Our CSP has no
// 'unsafe-eval': zod 4 would probe `new Function` to compile fast parsers, and although the probe fails
// safely the browser reports a CSP violation. Turning zod's JIT off before zod loads avoids the probe.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true })
