import { existsSync, readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import ts from 'typescript'

/**
 * The error codes a route's handler can throw, read from the source: every function the handler refers to, and
 * every function those refer to, followed through relative imports (server/http/documented-statuses.test.ts checks
 * their statuses against the route's documented ones). A code is found where a `DomainError` (or a subclass) is
 * made with it: a literal, or a parameter or variable typed as a union of literals. A code made any other way is
 * reported as a site to explain, so nothing is missed silently.
 *
 * What it does not follow: a method called on a value (`deps.priceBook.set`), which names no function by itself.
 * Services are plain functions here; a class made with `new` is followed into all its methods.
 */

type Decl = { file: SourceFile; node: ts.Node }
type SourceFile = {
  path: string
  ast: ts.SourceFile
  /** Local name → what it names in this file (function, class, variable). */
  locals: Map<string, ts.Node>
  /** Local name → imported from (file, exported name; `*` for a namespace import). */
  imports: Map<string, { from: string; name: string }>
  /** Exported name → local name, or a re-export from another file. */
  exports: Map<string, { local: string } | { from: string; name: string }>
  starExports: string[]
  /** Type aliases by name, for parameters typed as a union of codes. */
  types: Map<string, ts.TypeNode>
}

export type ThrownCodes = {
  codes: Set<string>
  /** Where each code is made, as `file#function`. */
  sites: Map<string, Set<string>>
  /** `file#function` of each `DomainError` whose code the scan cannot read. */
  unreadable: Set<string>
}

const ERROR_CLASSES = new Set(['DomainError', 'RefusalWithFollowUp'])

export class CodeScanner {
  private files = new Map<string, SourceFile>()

  /** `read` answers a file's text (the disk by default; tests hand in planted sources). */
  constructor(
    private root: string,
    private read: (path: string) => string | undefined = (p) => (existsSync(p) ? readFileSync(p, 'utf8') : undefined),
  ) {}

  file(path: string): SourceFile | undefined {
    const cached = this.files.get(path)
    if (cached) return cached
    const text = this.read(path)
    if (text === undefined) return undefined
    const ast = ts.createSourceFile(
      path,
      text,
      ts.ScriptTarget.ES2022,
      true,
      path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    )
    const file: SourceFile = {
      path,
      ast,
      locals: new Map(),
      imports: new Map(),
      exports: new Map(),
      starExports: [],
      types: new Map(),
    }
    const exported = (n: ts.Node) =>
      ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    for (const st of ast.statements) {
      if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
        const from = this.resolveModule(path, st.moduleSpecifier.text)
        const clause = st.importClause
        if (!from || !clause || clause.isTypeOnly) continue
        if (clause.name) file.imports.set(clause.name.text, { from, name: 'default' })
        const bindings = clause.namedBindings
        if (bindings && ts.isNamespaceImport(bindings)) file.imports.set(bindings.name.text, { from, name: '*' })
        if (bindings && ts.isNamedImports(bindings))
          for (const el of bindings.elements)
            if (!el.isTypeOnly)
              file.imports.set(el.name.text, { from, name: (el.propertyName ?? el.name).getText(ast) })
      } else if (ts.isExportDeclaration(st)) {
        const from =
          st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)
            ? this.resolveModule(path, st.moduleSpecifier.text)
            : undefined
        if (st.moduleSpecifier && !from) continue
        if (!st.exportClause) {
          if (from) file.starExports.push(from)
        } else if (ts.isNamedExports(st.exportClause))
          for (const el of st.exportClause.elements) {
            const inner = (el.propertyName ?? el.name).getText(ast)
            file.exports.set(el.name.text, from ? { from, name: inner } : { local: inner })
          }
      } else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) && st.name) {
        file.locals.set(st.name.text, st)
        if (exported(st)) file.exports.set(st.name.text, { local: st.name.text })
      } else if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations)
          if (ts.isIdentifier(d.name) && d.initializer) {
            file.locals.set(d.name.text, d.initializer)
            if (exported(st)) file.exports.set(d.name.text, { local: d.name.text })
          }
      } else if (ts.isTypeAliasDeclaration(st)) file.types.set(st.name.text, st.type)
    }
    this.files.set(path, file)
    return file
  }

  private resolveModule(from: string, spec: string): string | undefined {
    if (!spec.startsWith('.')) return undefined
    const base = resolve(dirname(from), spec)
    for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base])
      if (candidate.endsWith('.ts') || candidate.endsWith('.tsx'))
        if (this.read(candidate) !== undefined) return candidate
    return undefined
  }

  /** What an exported name of a file is, through re-exports. */
  private exportOf(path: string, name: string, seen = new Set<string>()): Decl | undefined {
    if (seen.has(`${path}#${name}`)) return undefined
    seen.add(`${path}#${name}`)
    const file = this.file(path)
    if (!file) return undefined
    const e = file.exports.get(name)
    if (e && 'local' in e) return this.nameIn(file, e.local, seen)
    if (e) return this.exportOf(e.from, e.name, seen)
    for (const star of file.starExports) {
      const found = this.exportOf(star, name, seen)
      if (found) return found
    }
    return undefined
  }

  /** What a name used at the top of a file refers to: a local declaration or an import. */
  private nameIn(file: SourceFile, name: string, seen = new Set<string>()): Decl | undefined {
    const local = file.locals.get(name)
    if (local) return { file, node: local }
    const imp = file.imports.get(name)
    if (!imp || imp.name === '*') return undefined
    return this.exportOf(imp.from, imp.name, seen)
  }

  /** The codes of a type alias that is a union of literals, exported by a file; null if it is not one. */
  codesOfAlias(path: string, name: string): string[] | null {
    const file = this.file(path)
    return file ? this.codesOfType(file, file.types.get(name)) : null
  }

  /** The codes of a literal-union type (`'a' | 'b'`, or an alias of one in the same file); null if not one. */
  private codesOfType(file: SourceFile, type: ts.TypeNode | undefined, depth = 0): string[] | null {
    if (!type || depth > 8) return null
    if (ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal)) return [type.literal.text]
    if (ts.isUnionTypeNode(type)) {
      const parts = type.types.map((t) => this.codesOfType(file, t, depth + 1))
      return parts.every((p) => p !== null) ? parts.flat() : null
    }
    if (ts.isParenthesizedTypeNode(type)) return this.codesOfType(file, type.type, depth + 1)
    if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName))
      return this.codesOfType(file, file.types.get(type.typeName.text), depth + 1)
    return null
  }

  /** The codes an expression naming a code can hold: a literal, a conditional of them, a parameter typed so. */
  private codesOf(file: SourceFile, expr: ts.Expression, depth = 0): string[] | null {
    if (depth > 8) return null
    if (ts.isStringLiteralLike(expr)) return [expr.text]
    // `error.code` re-makes a caught error with its own code: one the scan counts where it was first made.
    if (ts.isPropertyAccessExpression(expr) && expr.name.text === 'code') return []
    if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr)) {
      if (ts.isAsExpression(expr)) {
        const typed = this.codesOfType(file, expr.type)
        if (typed) return typed
      }
      return this.codesOf(file, expr.expression, depth + 1)
    }
    if (ts.isConditionalExpression(expr)) {
      const a = this.codesOf(file, expr.whenTrue, depth + 1)
      const b = this.codesOf(file, expr.whenFalse, depth + 1)
      return a && b ? [...a, ...b] : null
    }
    if (ts.isIdentifier(expr)) {
      // The nearest declaration of that name around the use: a parameter or a variable with a type or a value.
      for (let scope: ts.Node | undefined = expr.parent; scope; scope = scope.parent) {
        let found: ts.ParameterDeclaration | ts.VariableDeclaration | undefined
        const look = (n: ts.Node): void => {
          if (found) return
          if (
            (ts.isParameter(n) || ts.isVariableDeclaration(n)) &&
            ts.isIdentifier(n.name) &&
            n.name.text === expr.text
          )
            found = n
          else if (!ts.isFunctionLike(n) || n === scope) ts.forEachChild(n, look)
        }
        if (ts.isFunctionLike(scope)) for (const p of scope.parameters) look(p)
        if (ts.isBlock(scope) || ts.isSourceFile(scope))
          for (const st of scope.statements) if (ts.isVariableStatement(st)) look(st)
        if (found) {
          const typed = this.codesOfType(file, found.type)
          if (typed) return typed
          if (ts.isVariableDeclaration(found) && found.initializer)
            return this.codesOf(file, found.initializer, depth + 1)
          return null
        }
      }
    }
    return null
  }

  /** The codes thrown by everything reachable from `node` (a handler) in `path`. */
  reachable(path: string, node: ts.Node): ThrownCodes {
    const out: ThrownCodes = { codes: new Set(), sites: new Map(), unreadable: new Set() }
    const visited = new Set<ts.Node>()
    const queue: Decl[] = []
    const file = this.file(path)
    if (!file) throw new Error(`cannot read ${path}`)
    queue.push({ file, node })
    const enqueue = (d: Decl | undefined) => {
      if (d && !visited.has(d.node)) queue.push(d)
    }
    while (queue.length) {
      const { file: f, node: start } = queue.pop()!
      if (visited.has(start)) continue
      visited.add(start)
      const walk = (n: ts.Node): void => {
        if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && ERROR_CLASSES.has(n.expression.text)) {
          const arg = n.arguments?.[0]
          const codes = arg ? this.codesOf(f, arg) : null
          const site = `${relative(this.root, f.path)}#${enclosingName(n)}`
          if (codes)
            for (const c of codes) {
              out.codes.add(c)
              out.sites.set(c, (out.sites.get(c) ?? new Set()).add(site))
            }
          else {
            out.unreadable.add(site)
          }
        }
        // A name of the error classes themselves is not followed: their methods re-make the same code.
        if (ts.isIdentifier(n) && !isDeclarationName(n) && !isPropertyName(n) && !ERROR_CLASSES.has(n.text))
          enqueue(this.nameIn(f, n.text))
        // `ns.fn` through a namespace import.
        if (ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.expression)) {
          const imp = f.imports.get(n.expression.text)
          if (imp?.name === '*') enqueue(this.exportOf(imp.from, n.name.text))
        }
        ts.forEachChild(n, walk)
      }
      walk(start)
    }
    return out
  }

  /**
   * Each `defineRoute({ method, path, handler, batch })` of a file: its method, path and handler nodes. A route made
   * by a function of the file (its path a parameter) is named by that function instead: `factory`.
   */
  routesIn(path: string): ScannedRoute[] {
    const file = this.file(path)
    if (!file) return []
    const found: ScannedRoute[] = []
    const walk = (n: ts.Node): void => {
      if (
        ts.isCallExpression(n) &&
        ts.isIdentifier(n.expression) &&
        n.expression.text === 'defineRoute' &&
        n.arguments[0] &&
        ts.isObjectLiteralExpression(n.arguments[0])
      ) {
        const props = new Map<string, ts.Node>()
        for (const p of n.arguments[0].properties)
          if ((ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p)) && ts.isIdentifier(p.name))
            props.set(p.name.text, ts.isPropertyAssignment(p) ? p.initializer : p)
        const text = (k: string) => {
          const v = props.get(k)
          return v && ts.isStringLiteralLike(v) ? v.text : undefined
        }
        const nodes = ['handler', 'batch'].flatMap((k) => (props.has(k) ? [props.get(k)!] : []))
        const method = text('method')
        const routePath = text('path')
        found.push(
          method && routePath ? { method, path: routePath, nodes } : { factory: enclosingName(n), file: path, nodes },
        )
      }
      ts.forEachChild(n, walk)
    }
    walk(file.ast)
    return found
  }
}

export type ScannedRoute =
  | { method: string; path: string; nodes: ts.Node[] }
  | {
      factory: string
      file: string
      nodes: ts.Node[]
    }

/** The name of the function (or variable) a node is written in, for reports. */
function enclosingName(n: ts.Node): string {
  for (let p: ts.Node | undefined = n.parent; p; p = p.parent) {
    if (ts.isFunctionDeclaration(p) && p.name) return p.name.text
    if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return p.name.text
    if (ts.isMethodDeclaration(p) && ts.isIdentifier(p.name)) return p.name.text
  }
  return '(top level)'
}

function isDeclarationName(n: ts.Identifier): boolean {
  const p = n.parent
  return (
    (ts.isVariableDeclaration(p) ||
      ts.isFunctionDeclaration(p) ||
      ts.isParameter(p) ||
      ts.isClassDeclaration(p) ||
      ts.isImportSpecifier(p) ||
      ts.isBindingElement(p)) &&
    p.name === n
  )
}

function isPropertyName(n: ts.Identifier): boolean {
  const p = n.parent
  return (
    (ts.isPropertyAccessExpression(p) && p.name === n) ||
    (ts.isPropertyAssignment(p) && p.name === n) ||
    (ts.isMethodDeclaration(p) && p.name === n) ||
    ts.isPropertySignature(p) ||
    ts.isTypeReferenceNode(p) ||
    ts.isQualifiedName(p)
  )
}
