import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { type BuiltServer, startBuiltServer } from "../helpers/built-server.ts";
import { closedPort } from "../helpers/closed-port.ts";

/**
 * The helper every HTTP suite starts the production server with. It picks a free port, then the server
 * binds it a moment later; when another process took the port in between, the helper once counted that
 * process's answer as its server being up, and a suite sent its requests to another run's server (every
 * one 401: its key lived in another database). Here an impostor holds the first port offered.
 */
describe("startBuiltServer on a port someone else took", () => {
  const requestsToImpostor: string[] = [];
  const impostor = http.createServer((request, response) => {
    requestsToImpostor.push(request.url ?? "");
    response.writeHead(200, { "content-type": "application/json" }).end('{"impostor":true}');
  });
  let server: BuiltServer | undefined;

  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => impostor.close(resolve));
  });

  it("waits for its own server, which moves to another port, and never asks the impostor", async () => {
    await new Promise<void>((resolve) => impostor.listen(0, "127.0.0.1", resolve));
    const takenPort = (impostor.address() as AddressInfo).port;
    const offered: number[] = [];
    server = await startBuiltServer({ HIREFLOW_BACKGROUND_WORK: "off" }, {
      ports: async () => {
        const port = offered.length === 0 ? takenPort : await closedPort();
        offered.push(port);
        return port;
      },
    });

    expect(offered).toHaveLength(2);
    expect(offered[0]).toBe(takenPort);
    expect(server.url).toBe(`http://127.0.0.1:${offered[1]}`);
    // The server on the second port is ours: the OpenAPI document, not the impostor's answer.
    const document = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as { openapi?: string };
    expect(document.openapi).toMatch(/^3\./);
    expect(requestsToImpostor).toEqual([]);
    // The first attempt's complaint is not kept in the output of the server that started.
    expect(server.output.join("")).not.toMatch(/EADDRINUSE/);
  });
});
