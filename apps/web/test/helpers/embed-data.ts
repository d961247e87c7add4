/** The jobs the embed script (GET /careers/{slug}/embed.js) inlines: its `var data = {…};` line, parsed. */
export interface EmbedData {
  company: string;
  careers_url: string;
  jobs: { title: string; url: string; meta: string }[];
}

export function embedData(script: string): EmbedData {
  const match = /\n {2}var data = (\{.*\});\n/.exec(script);
  if (!match) throw new Error(`no inline data in the embed script: ${script.slice(0, 200)}`);
  return JSON.parse(match[1]!) as EmbedData;
}
