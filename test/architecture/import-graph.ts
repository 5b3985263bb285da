import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Files by path relative to the repository root (forward slashes), each with the files it imports. */
export type ImportGraph = {
  root: string;
  files: Map<string, ImportEdge[]>;
};

export type ImportEdge = { specifier: string; target: string | null };

const SOURCE = /\.tsx?$/;
const TEST = /\.test\.tsx?$|\.d\.ts$/;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.d.ts', '/index.ts', '/index.tsx'];

function listSources(root: string, folder: string): string[] {
  const absolute = path.join(root, folder);
  if (!existsSync(absolute)) return [];
  const found: string[] = [];
  for (const name of readdirSync(absolute)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const relative = `${folder}/${name}`;
    if (statSync(path.join(root, relative)).isDirectory()) found.push(...listSources(root, relative));
    else if (SOURCE.test(name) && !TEST.test(name)) found.push(relative);
  }
  return found;
}

/** The path aliases of tsconfig.json: `@api/x` is `api/x`, and so on. */
const ALIASED_FOLDERS = ['api', 'web', 'shared', 'test', 'bench'];

// Specifiers resolve the way the bundler does: relative ones and path aliases as written, then with
// a TypeScript suffix (a `.js` written for a `.ts` file included); package imports stay unresolved.
function resolveSpecifier(root: string, from: string, specifier: string): string | null {
  const alias = /^@([a-z]+)\/(.*)$/.exec(specifier);
  let base: string;
  if (alias && ALIASED_FOLDERS.includes(alias[1]!)) base = `${alias[1]}/${alias[2]}`;
  else if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  const candidates = RESOLVE_SUFFIXES.map((suffix) => base + suffix);
  if (/\.jsx?$/.test(base)) candidates.push(base.replace(/\.js(x?)$/, '.ts$1'));
  for (const candidate of candidates) {
    const absolute = path.join(root, candidate);
    if (existsSync(absolute) && statSync(absolute).isFile()) return candidate;
  }
  return null;
}

/** Reads every non-test .ts/.tsx file under `folders` and resolves its imports of project files. */
export function buildImportGraph(root: string, folders: string[] = ['api', 'shared', 'web']): ImportGraph {
  const files = new Map<string, ImportEdge[]>();
  for (const file of folders.flatMap((folder) => listSources(root, folder)).sort()) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    files.set(
      file,
      importedFiles.map(({ fileName }) => ({ specifier: fileName, target: resolveSpecifier(root, file, fileName) })),
    );
  }
  return { root, files };
}

/** The API module a file belongs to (`api/modules/<name>/...`), or null. */
export function moduleOf(file: string): string | null {
  return /^api\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;
}

function edges(graph: ImportGraph): Array<{ from: string; to: string }> {
  const found: Array<{ from: string; to: string }> = [];
  for (const [from, imports] of graph.files) {
    for (const { target } of imports) if (target) found.push({ from, to: target });
  }
  return found;
}

// Tarjan's strongly connected components: every component of two or more nodes (or a node that
// imports itself) is a circle.
function circles(nodes: Iterable<string>, next: (node: string) => Iterable<string>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of next(node)) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || [...next(node)].includes(node)) found.push(component.sort());
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** Each set of API modules that import one another in a loop (module = folder under api/modules/). */
export function moduleLoops(graph: ImportGraph): string[][] {
  const uses = new Map<string, Set<string>>();
  for (const { from, to } of edges(graph)) {
    const a = moduleOf(from);
    const b = moduleOf(to);
    if (!a || !b || a === b) continue;
    if (!uses.has(a)) uses.set(a, new Set());
    uses.get(a)!.add(b);
  }
  return circles(uses.keys(), (module) => uses.get(module) ?? []);
}

/** The module-to-module imports behind a loop, as `from -> to` lines, to say what to cut. */
export function moduleLoopImports(graph: ImportGraph, loop: string[]): string[] {
  const members = new Set(loop);
  return edges(graph)
    .filter(({ from, to }) => {
      const a = moduleOf(from);
      const b = moduleOf(to);
      return a !== b && a !== null && b !== null && members.has(a) && members.has(b);
    })
    .map(({ from, to }) => `${from} -> ${to}`);
}

/** Imports from `api/db/` and `api/lib/` into `api/modules/`: the data layer must not know the modules. */
export function lowerLayerImportsOfModules(graph: ImportGraph): string[] {
  return edges(graph)
    .filter(({ from, to }) => /^api\/(db|lib)\//.test(from) && moduleOf(to) !== null)
    .map(({ from, to }) => `${from} -> ${to}`);
}

/** Imports from `api/db/` into `api/lib/`: lib builds on the data layer, never the other way round. */
export function dataLayerImportsOfLib(graph: ImportGraph): string[] {
  return edges(graph)
    .filter(({ from, to }) => from.startsWith('api/db/') && to.startsWith('api/lib/'))
    .map(({ from, to }) => `${from} -> ${to}`);
}

/** Imports from `shared/` into `api/` or `web/` (resolved files and package-style paths alike). */
export function sharedImportsOfAppCode(graph: ImportGraph): string[] {
  const found: string[] = [];
  for (const [from, imports] of graph.files) {
    if (!from.startsWith('shared/')) continue;
    for (const { specifier, target } of imports) {
      const lands = target ?? path.posix.join(path.posix.dirname(from), specifier);
      if (/^(api|web)\//.test(lands)) found.push(`${from} -> ${target ?? specifier}`);
    }
  }
  return found;
}

/** File import circles among files whose path starts with one of `prefixes`. */
export function fileCircles(graph: ImportGraph, prefixes: string[] = ['api/', 'shared/', 'web/']): string[][] {
  const inScope = (file: string) => prefixes.some((prefix) => file.startsWith(prefix));
  const next = new Map<string, string[]>();
  for (const { from, to } of edges(graph)) {
    if (!inScope(from) || !inScope(to)) continue;
    if (!next.has(from)) next.set(from, []);
    next.get(from)!.push(to);
  }
  return circles([...graph.files.keys()].filter(inScope), (file) => next.get(file) ?? []);
}

/** Relative imports that climb three or more folders (`../../../`). */
export function deepClimbs(graph: ImportGraph): string[] {
  const found: string[] = [];
  for (const [from, imports] of graph.files) {
    for (const { specifier } of imports) if (specifier.startsWith('../../../')) found.push(`${from} -> ${specifier}`);
  }
  return found;
}

export type ImportFigures = { moduleLoops: number; fileCircles: number; deepClimbs: number };

/** The figures the architecture notes track; prints them and returns them. */
export function printImportFigures(
  graph: ImportGraph,
  circlePrefixes: string[] = ['api/', 'shared/', 'web/'],
  print: (line: string) => void = console.log,
): ImportFigures {
  const figures = {
    moduleLoops: moduleLoops(graph).length,
    fileCircles: fileCircles(graph, circlePrefixes).length,
    deepClimbs: deepClimbs(graph).length,
  };
  print(`module loops: ${figures.moduleLoops}`);
  print(`file import circles (${circlePrefixes.join(', ')}): ${figures.fileCircles}`);
  print(`imports climbing 3+ folders: ${figures.deepClimbs}`);
  return figures;
}

/** The layer of a web file: `app`, `features/<name>`, `widgets/<name>`, `entities/<name>`, `components`, `lib`, `offline`, `share`, `test`... */
function webLayer(file: string): { layer: string; name: string | undefined } | null {
  const match = /^web\/([^/]+)(?:\/([^/]+))?/.exec(file);
  if (!match) return null;
  return { layer: match[1]!, name: ['features', 'widgets', 'entities'].includes(match[1]!) ? match[2] : undefined };
}

/** What each web layer may not import (besides the API, which no web file imports). */
const WEB_FORBIDDEN: Record<string, string[]> = {
  features: ['app', 'share'],
  widgets: ['app', 'features', 'share'],
  entities: ['app', 'features', 'widgets', 'components', 'share'],
  components: ['app', 'features', 'widgets', 'entities', 'share'],
  lib: ['app', 'features', 'widgets', 'entities', 'components', 'share'],
  offline: ['app', 'features', 'widgets', 'entities', 'components', 'share'],
  share: ['app', 'features', 'widgets', 'entities', 'offline'],
};

/**
 * Imports across the web app's layers that the layering forbids (docs/architecture.md): a feature
 * importing another feature, a widget a feature, lib or offline any UI, any web file the API.
 */
export function webLayerViolations(graph: ImportGraph): string[] {
  const found: string[] = [];
  for (const { from, to } of edges(graph)) {
    const source = webLayer(from);
    if (!source) continue;
    if (to.startsWith('api/') && source.layer !== 'test') {
      found.push(`${from} -> ${to} (web talks to the API over HTTP only)`);
      continue;
    }
    const target = webLayer(to);
    if (!target) continue;
    const sameSlice = source.layer === target.layer && source.name === target.name;
    if (sameSlice) continue;
    if ((WEB_FORBIDDEN[source.layer] ?? []).includes(target.layer)) found.push(`${from} -> ${to}`);
    else if (source.layer === 'features' && target.layer === 'features')
      found.push(`${from} -> ${to} (features never import features)`);
  }
  return found;
}
