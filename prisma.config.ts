import { defineConfig } from "prisma/config";

// Only the CLI reads this file. `prisma generate` needs no database, so the URL falls back to a
// placeholder instead of throwing (env() would break `npm install`, whose postinstall generates).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/hireflow" },
});
