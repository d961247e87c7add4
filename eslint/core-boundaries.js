import path from "node:path";

/**
 * The rules of packages/core's house (docs/ARCHITECTURE.md "packages/core"), checked on every import
 * inside packages/core/src:
 * 1. `modules/<m>/contract/` is browser-safe: it imports only packages on CONTRACT_PACKAGES,
 *    `kernel/contract/`, `kernel/{roles,scopes}.ts` and other modules' `contract/`.
 * 2. Only `api/` (and the package's barrel) imports a module's `procedures/`.
 * 3. Modules import downwards only: a module may import a module on a lower floor, never one on its
 *    own floor or above, and `kernel/` imports no module. A new module gets a floor here.
 */
export const FLOORS = {
  kernel: 0,
  audit: 1,
  pipeline: 2,
  mail: 3,
  screening: 3,
  candidate: 4,
  job: 4,
  board: 5,
  report: 5,
  careers: 5,
  interview: 5,
  offer: 5,
  scheduling: 6,
  privacy: 6,
  identity: 6,
  webhook: 6,
  api: 7,
  index: 8,
};

const CONTRACT_PACKAGES = new Set(["zod"]);
const CONTRACT_KERNEL_FILES = new Set(["kernel/roles.ts", "kernel/scopes.ts"]);

/** Where a file of packages/core/src sits: its room (kernel, api, index or a module) and its part. */
function place(relative) {
  const parts = relative.split("/");
  if (parts[0] === "modules") return { room: parts[1], part: parts[2] === "contract" || parts[2] === "procedures" ? parts[2] : "service" };
  if (parts[0] === "kernel") return { room: "kernel", part: parts[1] === "contract" ? "contract" : "service" };
  if (parts[0] === "api") return { room: "api", part: "service" };
  return { room: "index", part: "service" };
}

const rule = {
  meta: {
    type: "problem",
    docs: { description: "packages/core's kernel / modules / api import rules" },
    schema: [],
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const marker = `${path.sep}packages${path.sep}core${path.sep}src${path.sep}`;
    const at = file.indexOf(marker);
    if (at < 0) return {};
    const srcRoot = file.slice(0, at + marker.length);
    const from = place(path.relative(srcRoot, file).split(path.sep).join("/"));
    if (FLOORS[from.room] === undefined) {
      return {
        Program(node) {
          context.report({ node, message: `Module "${from.room}" has no floor: add it to FLOORS in eslint/core-boundaries.js.` });
        },
      };
    }

    function check(node, spec) {
      if (typeof spec !== "string") return;
      if (!spec.startsWith(".")) {
        if (from.part === "contract" && !CONTRACT_PACKAGES.has(spec)) {
          context.report({ node, message: `A contract is browser-safe: it imports only ${[...CONTRACT_PACKAGES].join(", ")}, not "${spec}".` });
        }
        if (spec.startsWith("@hireflow/core")) context.report({ node, message: "Inside packages/core, import by relative path." });
        return;
      }
      const targetAbs = path.resolve(path.dirname(file), spec);
      const relative = path.relative(srcRoot, targetAbs).split(path.sep).join("/");
      if (relative.startsWith("..")) return;
      const to = place(relative);
      if (from.part === "contract" && to.part !== "contract" && !CONTRACT_KERNEL_FILES.has(relative)) {
        context.report({ node, message: `A contract is browser-safe: it imports other contracts, kernel/contract and kernel/{roles,scopes}.ts only, not ${relative}.` });
      }
      if (to.part === "procedures" && from.room !== to.room && from.room !== "api" && from.room !== "index") {
        context.report({ node, message: `Only api/ composes procedures: ${relative} is not for ${from.room}.` });
      }
      if (from.room === to.room) return;
      const fromFloor = FLOORS[from.room];
      const toFloor = FLOORS[to.room];
      if (toFloor === undefined) {
        context.report({ node, message: `Module "${to.room}" has no floor: add it to FLOORS in eslint/core-boundaries.js.` });
      } else if (toFloor >= fromFloor) {
        context.report({
          node,
          message: `${from.room} (floor ${fromFloor}) may not import ${to.room} (floor ${toFloor}): modules import downwards only (eslint/core-boundaries.js).`,
        });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
    };
  },
};

export default { rules: { "core-boundaries": rule } };
