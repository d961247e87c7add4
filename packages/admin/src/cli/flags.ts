import { type ParseArgsConfig } from "node:util";
import { CliError } from "./errors.ts";

export type OptionSpec = NonNullable<ParseArgsConfig["options"]>;
export type Values = Record<string, string | boolean | undefined>;

export function optionalString(values: Values, name: string): string | undefined {
  const value = values[name];
  return typeof value === "string" ? value : undefined;
}

export function requiredString(values: Values, name: string): string {
  const value = optionalString(values, name);
  if (value === undefined) throw new CliError(`Missing required option --${name}.`);
  return value;
}

/** Digits only: "1e3", "0x10", "-1" or "12abc" are refused instead of being read as another number. */
function parseWhole(name: string, raw: string, min: number): number {
  if (!/^[0-9]{1,10}$/.test(raw.trim()) || Number(raw) < min || Number(raw) > 2_147_483_647) {
    throw new CliError(`--${name} must be a whole number${min > 0 ? " greater than 0" : ""} (got "${raw}").`);
  }
  return Number(raw);
}

export function requiredId(values: Values, name: string): number {
  return parseWhole(name, requiredString(values, name), 1);
}

export function optionalWhole(values: Values, name: string): number | undefined {
  const raw = optionalString(values, name);
  return raw === undefined ? undefined : parseWhole(name, raw, 0);
}

export function flag(values: Values, name: string): boolean {
  return values[name] === true;
}

export function oneOf<T extends string>(values: Values, name: string, allowed: readonly T[]): T | undefined {
  const raw = optionalString(values, name);
  if (raw === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new CliError(`--${name} must be one of ${allowed.join(", ")} (got "${raw}").`);
  }
  return raw as T;
}
