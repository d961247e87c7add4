// `npm start`'s server process (packages/admin/src/server/next.ts starts it): our node:http server in
// front of Next's production build (src/server/node/main.ts). Its TypeScript is loaded with tsx's
// scoped loader, so Next's own modules load exactly as under `next start`.
import { tsImport } from "tsx/esm/api";

const { main } = await tsImport("./src/server/node/main.ts", import.meta.url);
await main();
