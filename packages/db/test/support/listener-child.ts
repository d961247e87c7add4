// A process that LISTENs through listenForNotifications and prints each message: notifications.test.ts
// stops it with SIGSTOP to play a stalled server.
import { listenForNotifications } from "../../src/notifications.ts";

const [url, channel] = process.argv.slice(2) as [string, string];
const listener = listenForNotifications(url, channel, {
  onMessage: (payload) => process.stdout.write(`message ${payload}\n`),
  onStateChange: (listening) => process.stdout.write(listening ? "listening\n" : "lost\n"),
});
process.on("SIGTERM", () => void listener.stop().then(() => process.exit(0)));
setInterval(() => {}, 60_000);
