/**
 * The floors of docs/ARCHITECTURE.md, checked on every `npm run lint`: each folder of src/
 * imports only the floors below it, and nothing imports in a circle.
 *
 *   wire/, i18n/, errors.ts → domain/ → api/, config/ → output/ → declare/ → commands/, sandbox/ → cli.ts
 */
/** Node's built-ins that do I/O or read the clock: none of them belongs in a pure floor. */
const IO_BUILTINS =
  "^(node:)?(fs|fs/promises|http|https|http2|net|tls|dgram|dns|child_process|cluster|worker_threads|timers|timers/promises|readline|tty|process|os|module|vm)$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "machine-output-speaks-no-language",
      severity: "error",
      comment:
        "What scripts read (src/output/machine.ts: json, ndjson, csv, tsv; src/output/error-line.ts: the JSON error line) is the same bytes in every language: those modules reach nothing that translates (src/i18n/, the IO streams that carry the translator, the table for people).",
      from: { path: "^src/output/(machine|error-line|json-text)\\.ts$" },
      to: {
        path: ["^src/i18n/", "^src/output/(io|table|records|help-wrap|narrowing)\\.ts$"],
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "A circle of imports has no floor: split the shared part out below both.",
      from: {},
      to: { circular: true },
    },
    {
      name: "wire-is-the-floor",
      severity: "error",
      comment: "src/wire/ is floor 0: it imports nothing of ours but src/errors.ts.",
      from: { path: "^src/wire/" },
      to: { path: "^src/", pathNot: ["^src/wire/", "^src/errors\\.ts$"] },
    },
    {
      name: "i18n-is-the-floor",
      severity: "error",
      comment:
        "src/i18n/ is floor 0 (the message catalog, the message values and the language choice): it imports nothing of ours.",
      from: { path: "^src/i18n/" },
      to: { path: "^src/", pathNot: ["^src/i18n/"] },
    },
    {
      name: "errors-is-the-floor",
      severity: "error",
      comment:
        "src/errors.ts is floor 0: it imports only src/i18n/ (an error's texts are message values, its message their English), not even a type of anything else (the rate-limit classes an error names are defined there).",
      from: { path: "^src/errors\\.ts$" },
      to: { path: "^src/", pathNot: ["^src/i18n/"] },
    },
    {
      name: "domain-is-pure",
      severity: "error",
      comment:
        "src/domain/ holds pure rules: it imports only itself, wire/, i18n/, errors.ts and pure packages.",
      from: { path: "^src/domain/" },
      to: {
        path: "^src/",
        pathNot: ["^src/domain/", "^src/wire/", "^src/i18n/", "^src/errors\\.ts$"],
      },
    },
    {
      name: "domain-and-wire-do-no-io",
      severity: "error",
      comment: "No file, network, process or clock in the pure floors (time is passed in).",
      from: { path: "^src/(domain|wire|i18n)/" },
      to: { dependencyTypes: ["core"], path: IO_BUILTINS },
    },
    {
      name: "api-knows-no-argv-or-screen",
      severity: "error",
      comment:
        "src/api/ (the library's client) never reaches up to commands, output, sandbox or the CLI.",
      from: { path: "^src/api/" },
      to: { path: "^src/(commands/|output/|sandbox/|config/|cli\\.ts$)" },
    },
    {
      name: "config-below-output",
      severity: "error",
      comment: "src/config/ (profiles, files) never reaches api, commands, output or sandbox.",
      from: { path: "^src/config/" },
      to: { path: "^src/(api|commands|output|sandbox)/|^src/cli\\.ts$" },
    },
    {
      name: "output-below-commands",
      severity: "error",
      comment: "src/output/ renders typed records; it never reaches api, commands or sandbox.",
      from: { path: "^src/output/" },
      to: { path: "^src/(api|commands|sandbox)/|^src/cli\\.ts$" },
    },
    {
      name: "declare-below-commands",
      severity: "error",
      comment:
        "src/declare/ is the declare core the nouns share (answers, plan, the send path, the auto plan): it never reaches up to commands, sandbox or the CLI.",
      from: { path: "^src/declare/" },
      to: { path: "^src/(commands|sandbox)/|^src/cli\\.ts$" },
    },
    {
      name: "no-noun-imports-another-noun",
      severity: "error",
      comment:
        "commands/<noun>/ imports its own folder, the shared files at the top of commands/ and the floors below, never another noun's folder: what two nouns share goes down into src/declare/ or up to a commands/*.ts file. The agent server (mcp/) alone runs other nouns' verbs, through their specs.",
      from: { path: "^src/commands/([^/]+)/" },
      to: {
        path: "^src/commands/[^/]+/",
        pathNot: ["^src/commands/$1/", "^src/commands/[^/]+/[a-z/-]*spec[.]ts$"],
      },
    },
    {
      name: "only-the-agent-server-runs-other-nouns-verbs",
      severity: "error",
      comment:
        "A verb's spec is imported by its own noun, and by the agent server (mcp/), whose tools are the CLI's own verbs.",
      from: { path: "^src/commands/([^/]+)/", pathNot: "^src/commands/mcp/" },
      to: {
        path: "^src/commands/[^/]+/[a-z/-]*spec[.]ts$",
        pathNot: "^src/commands/$1/",
      },
    },
    {
      name: "sandbox-is-a-server-not-a-client",
      severity: "error",
      comment: "src/sandbox/ serves the contract; it never imports the client or the commands.",
      from: { path: "^src/sandbox/" },
      to: { path: "^src/(api|commands)/|^src/cli\\.ts$" },
    },
    {
      name: "nothing-imports-the-cli",
      severity: "error",
      comment:
        "src/cli.ts is the top floor: the program, error → exit code, the only process.exit.",
      from: { path: "^src/", pathNot: "^src/cli\\.ts$" },
      to: { path: "^src/cli\\.ts$" },
    },
    {
      name: "no-unresolvable",
      severity: "error",
      comment: "An import that resolves to nothing is a typo or a missing dependency.",
      from: { path: "^src/" },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(dist|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
  },
};
