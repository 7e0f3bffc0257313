// The server's layers (ARCHITECTURE.md), held by one ESLint rule the way the web's feature boundary is:
//
// - `platform/`, `lib/`, `db/`, `plugins/` and `mail/` import no module;
// - a module imports another only through that module's public file, `modules/<name>/index.ts`;
// - the chat module imports no other module (features plug into it, it never calls them);
// - no module imports `admin/` (the console sits on top);
// - no two modules reach each other: an import that closes a cycle between modules fails.
//
// Tests (`*.test.ts`, `test/`) may reach into a module's files: they build what they test.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const serverSrc = path.resolve(import.meta.dirname, '../apps/server/src');
const modulesDir = path.join(serverSrc, 'modules');
const LOWER_LAYERS = ['platform', 'lib', 'db', 'plugins', 'mail'];
const IMPORT_SOURCE = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function isTestFile(file) {
  return file.endsWith('.test.ts') || file.split(path.sep).includes('test') || path.basename(file).includes('test-');
}

/** `{layer: 'module', name}` for a file under modules/<name>/, `{layer: 'platform'}` and the like, or null outside src. */
function placeOf(file) {
  const relative = path.relative(serverSrc, file);
  if (relative.startsWith('..')) return null;
  const [top, name] = relative.split(path.sep);
  if (top === 'modules') return { layer: 'module', name, inIndex: relative.split(path.sep).length === 3 && path.basename(file) === 'index.ts' };
  return { layer: top };
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (entry.name.endsWith('.ts') && !isTestFile(full)) yield full;
  }
}

let cachedGraph = null;

/** Which modules each module imports (product code only), read from disk once per lint run. */
function moduleGraph() {
  if (cachedGraph) return cachedGraph;
  const graph = new Map();
  for (const file of sourceFiles(modulesDir)) {
    const from = placeOf(file).name;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT_SOURCE)) {
      const target = placeOf(path.resolve(path.dirname(file), match[1] ?? match[2]));
      if (target?.layer === 'module' && target.name !== from) graph.get(from).add(target.name);
    }
  }
  cachedGraph = graph;
  return graph;
}

/** A path of modules from `start` back to `goal`, or null. */
function pathBetween(graph, start, goal) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length > 0) {
    const trail = queue.shift();
    for (const next of graph.get(trail.at(-1)) ?? []) {
      if (next === goal) return [...trail, next];
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...trail, next]);
      }
    }
  }
  return null;
}

const serverLayers = {
  meta: {
    type: 'problem',
    docs: { description: "Holds the server's layers: platform below modules, public files between modules, no cycles." },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const here = placeOf(file);
    if (!here || isTestFile(file)) return {};

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(file), source);
      const target = placeOf(resolved);
      if (target?.layer !== 'module') return;
      if (LOWER_LAYERS.includes(here.layer)) {
        context.report({ node, message: `${here.layer}/ imports no module (${target.name}): move the shared piece down, or let the module register with it.` });
        return;
      }
      if (here.layer !== 'module' || target.name === here.name) return;
      if (here.name === 'chat') {
        context.report({ node, message: `The chat module imports no feature (${target.name}): the feature registers with app.chat instead.` });
        return;
      }
      if (target.name === 'admin') {
        context.report({ node, message: 'No module imports admin/: the console sits on top; move the shared piece down.' });
        return;
      }
      if (!target.inIndex) {
        context.report({ node, message: `Import ${target.name} through its public file modules/${target.name}/index.ts.` });
      }
      const cycle = pathBetween(moduleGraph(), target.name, here.name);
      if (cycle) {
        context.report({ node, message: `Modules must not import each other: ${[here.name, ...cycle].join(' → ')}.` });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { 'server-layers': serverLayers } };
