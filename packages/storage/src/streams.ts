type Reader = ReadableStreamDefaultReader<Uint8Array>;

/**
 * Reads a stream into one buffer, or returns null as soon as more than `maxBytes` arrived — without
 * keeping the rest. The reader is then handed to `onOverflow` (cancel by default; an HTTP server
 * may prefer to drain briefly so the client sees the answer instead of a reset).
 */
export async function readStreamLimited(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
  onOverflow: (reader: Reader) => void = (reader) => void reader.cancel().catch(() => {}),
): Promise<Uint8Array | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      onOverflow(reader);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
