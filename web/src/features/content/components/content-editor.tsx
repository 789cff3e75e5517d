import { useState } from 'preact/hooks';
import { Button, ButtonLink } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Form as FormElement } from '../../../components/ui/form';
import { Page } from '../../../components/ui/page';
import { QueryView } from '../../../components/ui/query-view';
import { Notice } from '../../../components/ui/states';
import { ENDING_PATTERN } from '../../../lib/ending-pattern';
import { formErrors } from '../../../lib/form-errors';
import { useContent, useSaveContent, type AnyContent, type Card, type Form, type Kind, type LandingPage } from '../api/content';
import { CardFields } from './card-fields';
import { ContentActions } from './content-actions';
import { ContentFigures } from './content-figures';
import { FormSettings, RetentionField } from './content-settings';
import { FormFieldsEditor } from './form-fields-editor';
import { ColourField, OptionalText } from './inputs';
import { PageBlocksEditor } from './page-blocks-editor';
import { PreviewFrame } from './preview-frame';
import '../content.css';

/** The public path of each kind, before the id or slug. */
const PATHS: Record<Kind, string> = { forms: 'f', pages: 'p', cards: 'c' };

/** The fields a change may send: everything but what the service sets itself. */
const READ_ONLY = new Set(['id', 'url', 'status', 'createdAt', 'updatedAt']);
const editable = (content: AnyContent) => Object.fromEntries(Object.entries(content).filter(([key]) => !READ_ONLY.has(key)));

/** The kind's own inputs, over the whole draft (the shared fields are the editor's). */
function KindFields({ kind, draft, set }: { kind: Kind; draft: AnyContent; set: (patch: object) => void }) {
  if (kind === 'forms') {
    const form = draft as Form;
    return (
      <>
        <FormFieldsEditor fields={form.fields} onChange={(fields) => set({ fields })} />
        <FormSettings form={form} onChange={set} />
        <RetentionField value={form.retentionDays} onChange={(retentionDays) => set({ retentionDays })} />
      </>
    );
  }
  if (kind === 'pages') {
    const page = draft as LandingPage;
    return (
      <>
        <OptionalText
          label="Browser title (optional)"
          hint="The page's name when empty."
          value={page.title}
          onChange={(title) => set({ title })}
        />
        <PageBlocksEditor blocks={page.blocks} onChange={(blocks) => set({ blocks })} />
        <ColourField value={page.colour} onChange={(colour) => set({ colour })} />
      </>
    );
  }
  const card = draft as Card;
  return (
    <>
      <CardFields card={card} onChange={set} />
      <RetentionField value={card.retentionDays} onChange={(retentionDays) => set({ retentionDays })} />
    </>
  );
}

function Editor({ kind, content, canWrite }: { kind: Kind; content: AnyContent; canWrite: boolean }) {
  const [draft, setDraft] = useState<AnyContent>(content);
  const save = useSaveContent(kind, content.id);
  const errors = formErrors(save.error, { name: 'Name', slug: 'Readable address' });
  const set = (patch: object) => setDraft((current) => ({ ...current, ...patch }) as AnyContent);
  const body = editable(draft);
  const dirty = JSON.stringify(body) !== JSON.stringify(editable(content));
  return (
    <Page
      title={content.name}
      actions={
        kind === 'forms' ? (
          <ButtonLink href={`/app/forms/${content.id}/submissions`} variant="secondary">
            Submissions
          </ButtonLink>
        ) : null
      }
    >
      <ContentActions kind={kind} content={content} canWrite={canWrite} />
      <div class="editor-layout">
        <section class="card" aria-labelledby="edit-title">
          <h2 id="edit-title">Content</h2>
          <FormElement error={errors.form} onSubmit={() => save.mutate(body, { onSuccess: (saved) => setDraft(saved) })}>
            <fieldset class="plain" disabled={!canWrite}>
              <TextField
                label="Name"
                required
                maxLength={100}
                value={draft.name}
                onInput={(name) => set({ name })}
                error={errors.field.name}
              />
              <TextField
                label="Readable address (optional)"
                maxLength={64}
                pattern={ENDING_PATTERN}
                value={draft.slug ?? ''}
                onInput={(slug) => set({ slug: slug.trim() || null })}
                error={errors.field.slug}
                hint={`The public address ends in it: /${PATHS[kind]}/spring-menu. 3 to 64 letters, digits, - or _; the address with the id keeps working.`}
              />
              <KindFields kind={kind} draft={draft} set={set} />
            </fieldset>
            {save.isSuccess && !dirty ? <Notice tone="success">Saved.</Notice> : null}
            {canWrite ? (
              <div class="actions actions-start editor-save">
                <Button type="submit" busy={save.isPending} disabled={!dirty}>
                  Save
                </Button>
                <Button variant="ghost" disabled={!dirty} onClick={() => setDraft(content)}>
                  Undo changes
                </Button>
              </div>
            ) : null}
          </FormElement>
        </section>
        {/* The preview renders drafts, which only a person who may write makes; readers open the address. */}
        {canWrite ? <PreviewFrame kind={kind} draft={body} /> : null}
      </div>
      <ContentFigures kind={kind} id={content.id} />
    </Page>
  );
}

/** A form, page or card: edit it beside its live preview, publish it, make a code for it. */
export function ContentEditor({ kind, id, canWrite }: { kind: Kind; id: string; canWrite: boolean }) {
  const content = useContent(kind, id);
  return (
    <QueryView query={content} loading="Loading…">
      {(data) => <Editor key={data.id} kind={kind} content={data} canWrite={canWrite} />}
    </QueryView>
  );
}
