import { Badge } from "@/components/ui";

/** API scopes (of a key, of a connected app) as a list of badges. */
export function ScopeBadges({ scopes }: { scopes: readonly string[] }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Scopes">
      {scopes.map((scope) => (
        <li key={scope}>
          <Badge>
            <code>{scope}</code>
          </Badge>
        </li>
      ))}
    </ul>
  );
}
