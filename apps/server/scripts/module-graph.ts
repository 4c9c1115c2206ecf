import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Module folder -> the module folders it imports (type-only imports and tests count too). */
export type ModuleGraph = Map<string, Set<string>>;

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The import graph between the folders of `modulesDir` (apps/server/src/modules). */
export function moduleGraph(modulesDir: string): ModuleGraph {
  const modules = readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const graph: ModuleGraph = new Map(modules.map((m) => [m, new Set<string>()]));
  for (const module of modules) {
    for (const file of sourceFiles(path.join(modulesDir, module))) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const target = path.relative(modulesDir, path.resolve(path.dirname(file), specifier!));
        const [folder, ...rest] = target.split(path.sep);
        if (rest.length > 0 && folder !== module && graph.has(folder!))
          graph.get(module)!.add(folder!);
      }
    }
  }
  return graph;
}

/** The graph's strongly connected components of more than one module (Tarjan), each sorted. */
export function moduleCycles(graph: ModuleGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
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
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}

/** Cycles of more than this many modules fail `npm run arch:cycles` (issue 28's bar). */
export const LONGEST_ALLOWED_CYCLE = 2;
