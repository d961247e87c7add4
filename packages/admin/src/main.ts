import { describeError } from "./cli/errors.ts";

/** Runs a script's main function; a failure prints one readable line (the stack with DEBUG=1) and exits 1. */
export function runMain(main: () => Promise<unknown>, log: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      log(`error: ${describeError(error)}`);
      if (process.env.DEBUG && error instanceof Error) log(error.stack ?? "");
      process.exit(1);
    },
  );
}
