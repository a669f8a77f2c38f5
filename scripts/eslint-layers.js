/**
 * One lint rule for the layer direction of STYLE.md: which folder may import which. Features never
 * import each other; src/api imports no React, DOM library, Dexie or Fastify; server/ and sw/ reach
 * into src/ only for the catalogue (and sw/ for the shared offline functions). src/constants.ts (storage
 * keys and timers) is a layer of its own that every client layer may import and that imports nothing.
 */
import path from 'node:path';

const root = process.cwd();

/** layer of a file path relative to the repository, e.g. "src/features/wishlist" or "server". */
function layerOf(rel) {
  const parts = rel.split(path.sep);
  if (parts[0] === 'src' && parts[1] === 'features') return `src/features/${parts[2]}`;
  if (parts[0] === 'src' && /^constants(\.ts)?$/.test(parts[1] ?? '')) return 'src/constants';
  if (parts[0] === 'src' && parts.length > 2) return `src/${parts[1]}`;
  if (parts[0] === 'src') return 'src';
  return parts[0];
}

const allowed = {
  'src/constants': [],
  'src/api': ['src/api'],
  'src/offline': ['src/api', 'src/offline', 'src/constants'],
  'src/lib': ['src/lib'],
  'src/data': ['src/api', 'src/offline', 'src/lib', 'src/data', 'src/constants'],
  'src/ui': ['src/api', 'src/lib', 'src/ui', 'src/constants'],
  // Widgets: compositions with their own data, used by several features (the portfolio feedback modal).
  'src/widgets': ['src/api', 'src/data', 'src/lib', 'src/ui', 'src/widgets', 'src/constants'],
  'src/shell': ['src/api', 'src/data', 'src/lib', 'src/ui', 'src/shell', 'src/constants'],
  'src/app': ['src/*'],
  src: ['src/*'],
  sw: ['sw', 'src/api', 'src/offline', 'src/constants'],
  server: ['server', 'src/api'],
};

const forbiddenPackages = {
  'src/api': /^(react|react-dom|dexie|dexie-react-hooks|fastify|@fastify\/|@mantine\/|valtio)/,
  'src/offline': /^(react|react-dom|@mantine\/|fastify|valtio)/,
  'src/lib': /^(dexie|fastify|@fastify\/)/,
  sw: /^(react|react-dom|@mantine\/|fastify|valtio)/,
  server: /^(react|react-dom|@mantine\/|dexie|valtio)/,
};

function permitted(from, to) {
  if (from.startsWith('src/features/'))
    return to === from || ['src/api', 'src/data', 'src/lib', 'src/ui', 'src/widgets', 'src/constants'].includes(to);
  const list = allowed[from];
  if (!list) return true;
  return list.some((l) => (l === 'src/*' ? to.startsWith('src') : l === to));
}

export const layersPlugin = {
  rules: {
    direction: {
      meta: { type: 'problem', messages: { layer: '{{from}} may not import from {{to}} (see STYLE.md "Layers you can see").' } },
      create(context) {
        const file = path.relative(root, context.filename);
        const from = layerOf(file);
        const check = (node, source) => {
          if (typeof source !== 'string') return;
          if (!source.startsWith('.')) {
            const bad = forbiddenPackages[from];
            if (bad && bad.test(source)) context.report({ node, messageId: 'layer', data: { from, to: source } });
            return;
          }
          const target = path.relative(root, path.resolve(path.dirname(context.filename), source));
          const to = layerOf(target);
          if (!permitted(from, to)) context.report({ node, messageId: 'layer', data: { from, to } });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};
