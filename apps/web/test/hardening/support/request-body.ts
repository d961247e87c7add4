/**
 * Request bodies as the fuzz generators produce them — plain data, so that a counterexample prints
 * readably — and what fetch sends for each. Shared by the /api/v1 fuzz and the fuzz of the routes
 * outside it.
 */

export type FormValue = string | { bytes: Uint8Array; filename: string; type: string };

export type GeneratedBody =
  | { kind: "none" }
  | { kind: "text"; text: string }
  | { kind: "bytes"; bytes: Uint8Array }
  /** `prefix`, `fill` repeated to `size` characters, `suffix`: built only when sent (counterexamples stay readable). */
  | { kind: "huge"; prefix: string; fill: string; size: number; suffix: string }
  | { kind: "form"; entries: [string, FormValue][] };

/** What fetch sends for `body`; a form drops the content type from `headers`. */
export function toBodyInit(body: GeneratedBody, headers: Record<string, string>): BodyInit | undefined {
  switch (body.kind) {
    case "none":
      return undefined;
    case "text":
      return body.text;
    case "bytes":
      return body.bytes as Uint8Array<ArrayBuffer>;
    case "huge":
      return body.prefix + body.fill.repeat(body.size) + body.suffix;
    case "form": {
      const form = new FormData();
      for (const [name, value] of body.entries) {
        if (typeof value === "string") form.append(name, value);
        else form.append(name, new Blob([value.bytes as Uint8Array<ArrayBuffer>], { type: value.type }), value.filename);
      }
      // fetch writes the multipart content type with its boundary.
      delete headers["content-type"];
      return form;
    }
  }
}
