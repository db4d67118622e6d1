// The import graph of src, checked by `npm run lint` (dependency-cruiser, type-only imports included): no cycle
// between files or between folders, and no import from a lower layer to a higher one. docs/architecture.md shows the
// same table (test/unit/docs-architecture.test.ts keeps the two in step).

/**
 * The layers of src, lowest first. A module imports only from its own unit and from units of lower layers; the units
 * of one layer do not import each other. A unit is a folder of src (with its subfolders) unless UNIT_PATHS says
 * otherwise. To let a unit import a neighbour of its layer, move one of them up a layer here and in the docs.
 */
export const LAYERS = [
  ['util'],
  ['config'],
  ['catalog'],
  ['discovery'],
  ['auth', 'naming', 'profiles', 'search'],
  ['source', 'checks', 'call', 'snapshot', 'export'],
  ['report', 'route', 'diff'],
  ['gateway'],
  ['cli', 'library'],
];

/** Units that are not one folder: the foundation files at the root of src, and the library's entry point. */
export const UNIT_PATHS = {
  util: ['src/util/', 'src/errors.ts', 'src/exit-codes.ts', 'src/version.ts'],
  library: ['src/index.ts'],
};

/**
 * Inside src/cli, lowest first: option groups, the services handlers call, the commands, and the entry (index.ts,
 * main.ts, early-spawn.ts at the root of src/cli).
 */
export const CLI_LAYERS = [['cli/options'], ['cli/services'], ['cli/commands'], ['cli/entry']];

const CLI_PATHS = { 'cli/entry': ['src/cli/index.ts', 'src/cli/main.ts', 'src/cli/early-spawn.ts'] };

const cliPathsOf = (unit) => CLI_PATHS[unit] ?? [`src/${unit}/`];
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pathsOf = (unit) => UNIT_PATHS[unit] ?? [`src/${unit}/`];
const pattern = (paths) => `^(${paths.map((path) => (path.endsWith('/') ? escape(path) : `${escape(path)}$`)).join('|')})`;

/** One rule per unit: nothing above its layer, nothing beside it in its layer. */
function layerRules(layers, pathsOfUnit, prefix) {
  return layers.flatMap((layer, index) =>
    layer.flatMap((unit) => {
      const forbidden = [...layer.filter((other) => other !== unit), ...layers.slice(index + 1).flat()];
      if (!forbidden.length) return [];
      return {
        name: `${prefix}${unit.replace('/', '-')}`,
        comment: `imports only go down the layers of .dependency-cruiser.mjs (docs/architecture.md)`,
        severity: 'error',
        from: { path: pattern(pathsOfUnit(unit)) },
        to: { path: pattern(forbidden.flatMap(pathsOfUnit)) },
      };
    }),
  );
}

export default {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'no module reaches itself through its imports (type-only imports count)',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      comment: 'no folder reaches itself through the imports of its files',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'layer-unknown',
      comment: 'every module of src belongs to a unit of LAYERS (a new folder needs its place in the table)',
      severity: 'error',
      from: { path: '^src/', pathNot: pattern(LAYERS.flat().flatMap(pathsOf)) },
      to: {},
    },
    {
      name: 'layer-cli-unknown',
      comment: 'every module of src/cli belongs to a unit of CLI_LAYERS (the root of src/cli holds only the entry)',
      severity: 'error',
      from: { path: '^src/cli/', pathNot: pattern(CLI_LAYERS.flat().flatMap(cliPathsOf)) },
      to: {},
    },
    ...layerRules(LAYERS, pathsOf, 'layer-'),
    ...layerRules(CLI_LAYERS, cliPathsOf, 'layer-'),
  ],
  options: {
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.build.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
