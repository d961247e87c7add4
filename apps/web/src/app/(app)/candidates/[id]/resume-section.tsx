import type { CandidateProfileDto } from "@hireflow/core/board/contract";
import { AutoRefresh } from "@/components/auto-refresh";
import { Badge } from "@/components/ui";
import { ExternalLink, Row, Section } from "./profile-parts";

const RESUME_STATUS = {
  pending: { tone: "slate", label: "Queued for parsing" },
  processing: { tone: "amber", label: "Parsing" },
  completed: { tone: "green", label: "Parsed" },
  failed: { tone: "red", label: "Could not be parsed" },
} as const;

export function ResumeSection({ profile }: { profile: CandidateProfileDto }) {
  const c = profile.candidate;
  if (!c.resume_status) {
    return (
      <Section title="Resume">
        <p className="text-sm text-slate-500">No resume uploaded.</p>
      </Section>
    );
  }
  const status = RESUME_STATUS[c.resume_status];
  const data = (c.resume_data ?? {}) as Record<string, unknown>;
  const skills = Array.isArray(data.skills) ? (data.skills as unknown[]).map(String) : [];
  const fields: [string, unknown][] = [
    ["Name", data.name],
    ["E-mail", data.email],
    ["Phone", data.phone],
    ["Location", data.location],
    ["LinkedIn", data.linkedin],
  ];
  return (
    <Section title="Resume">
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone={status.tone}>{status.label}</Badge>
        {c.resume_url && (
          <a href={c.resume_url} className="text-sm font-medium text-indigo-700 hover:underline" download>
            Download {profile.resume_filename ?? "resume"}
          </a>
        )}
      </div>
      {c.resume_status === "failed" && profile.resume_error && <p className="mt-2 text-sm text-red-700">{profile.resume_error}</p>}
      {(c.resume_status === "pending" || c.resume_status === "processing") && (
        <p className="mt-2 text-sm text-slate-500" role="status">
          Parsed data appears here when processing finishes.
          <AutoRefresh />
        </p>
      )}
      {c.resume_data && (
        <div className="mt-3">
          <h3 className="text-sm font-medium text-slate-700">Parsed data</h3>
          <dl className="mt-1 divide-y divide-slate-100 text-sm">
            {fields.map(([label, value]) => (
              <Row key={label} label={label}>
                {typeof value === "string" && value ? (label === "LinkedIn" ? <ExternalLink href={value} /> : value) : null}
              </Row>
            ))}
          </dl>
          {skills.length > 0 && (
            <div className="mt-2">
              <h4 className="text-sm text-slate-500">Skills</h4>
              <ul className="mt-1 flex flex-wrap gap-1.5">
                {skills.map((skill) => (
                  <li key={skill}>
                    <Badge>{skill}</Badge>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {typeof data.text_excerpt === "string" && data.text_excerpt && (
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer text-slate-600">Text excerpt</summary>
              <p className="mt-1 whitespace-pre-wrap text-slate-700">{data.text_excerpt}</p>
            </details>
          )}
        </div>
      )}
    </Section>
  );
}
