"use client";

import type { JobStageDto } from "@hireflow/core/pipeline/contract";
import { useMutation } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { PipelineEditor } from "@/components/pipeline-editor";
import { Alert, Badge, Button, Card } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { useFocusFirstError } from "@/lib/focus-first-error";
import { initialDraft, pipelineInput, type PipelineDraft } from "@/lib/pipeline-draft";
import { useTrpc } from "@/lib/trpc";

interface Template {
  stages: JobStageDto[];
  is_default: boolean;
}

/** Settings → Pipeline: the company's template, edited like a job's pipeline, or reset to the default. */
export function PipelineTemplateForm({ initial }: { initial: Template }) {
  const trpc = useTrpc();
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState<PipelineDraft>(() => initialDraft(initial.stages));
  const [sentRows, setSentRows] = useState<number[]>([]);
  const [confirmReset, setConfirmReset] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  function applySaved(template: Template, message: string) {
    setSaved(template);
    // Fresh rows: the saved stages' keys are now fixed.
    setDraft(initialDraft(template.stages));
    setSentRows([]);
    setDone(message);
  }

  const save = useMutation({
    mutationFn: (stages: JobStageDto[] | null) => trpc.pipelineTemplate.update.mutate({ stages }),
    onSuccess: (template, stages) => {
      setConfirmReset(false);
      applySaved(template, stages === null ? "Reset to the default pipeline." : "Saved. New jobs start with these stages.");
    },
  });
  const error = save.error ? errorInfo(save.error) : null;
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  // Not for the reset's error: that one shows in its dialog.
  useFocusFirstError(formRef, bannerRef, save.variables === null ? null : save.error);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    setSentRows(draft.rows.map((row) => row.id));
    save.mutate(pipelineInput(draft).stages);
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} className="max-w-3xl space-y-6" noValidate>
      <Card className="p-5">
        <div className="mb-4 flex flex-wrap items-center gap-2">
          <h2 className="text-base font-semibold text-slate-900">Stages of new jobs</h2>
          {saved.is_default ? <Badge>Default pipeline</Badge> : <Badge tone="indigo">Custom template</Badge>}
        </div>
        <PipelineEditor idPrefix="template" draft={draft} onChange={setDraft} errors={error?.fields ?? {}} sentRows={sentRows} />
      </Card>

      {error && (
        <div ref={bannerRef} tabIndex={-1} className="focus:outline-none">
          <Alert title={Object.keys(error.fields).length ? "Please check the highlighted fields" : "Could not save the template"}>{!Object.keys(error.fields).length && error.message}</Alert>
        </div>
      )}
      {done && !save.isPending && <Alert tone="green">{done}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && save.variables !== null ? "Saving…" : "Save template"}
        </Button>
        <Button
          variant="secondary"
          disabled={save.isPending || saved.is_default}
          onClick={() => {
            save.reset();
            setDone(null);
            setConfirmReset(true);
          }}
        >
          Reset to default
        </Button>
      </div>
      <ConfirmDialog
        open={confirmReset}
        title="Reset to the default pipeline?"
        confirmLabel="Reset to default"
        pending={save.isPending}
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => save.mutate(null)}
      >
        <p>New jobs will start with Prospect, Applied, Phone screen, In progress, Hired and Rejected. Jobs that exist keep their stages.</p>
        {confirmReset && error && <Alert>{error.message}</Alert>}
      </ConfirmDialog>
    </form>
  );
}
