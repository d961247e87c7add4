// `npm start`'s server process (packages/admin/src/server/next.ts starts it): our node:http server in
// front of Next's production build (src/server/node/main.ts). Its TypeScript is loaded with tsx's
// scoped loader, so Next's own modules load exactly as under `next start`.
import v8 from "node:v8";
import { tsImport } from "tsx/esm/api";

// How far V8 lets the old generation grow past what survived the last full GC before collecting it
// again. Under load V8's own choice (up to 4×) grew it to ~680 MiB around ~140 MiB of live objects,
// and a grown heap is not given back while the server stays busy: 1.1 GiB RSS in the bench. 50 %
// kept it near 200 MiB at no measurable CPU per request (docs/BENCHMARKS.md, "Server memory").
// Not a NODE_OPTIONS flag (node refuses it there), so it is set here, before anything is loaded.
// HIREFLOW_HEAP_GROWING_PERCENT=0 leaves V8's default.
const heapGrowingPercent = Number(process.env.HIREFLOW_HEAP_GROWING_PERCENT ?? 50);
if (Number.isInteger(heapGrowingPercent) && heapGrowingPercent > 0) v8.setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);

const { main } = await tsImport("./src/server/node/main.ts", import.meta.url);
await main();
