import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/states';
import { formErrors } from '../../../lib/form-errors';
import { emptyDraft, fromDraft, toDraft, type RuleDraft } from '../api/rules-form';
import { useUpdateRouting, visitWord, type Routed, type RoutedKind } from '../api/update-routing';
import { RuleFields } from './rule-fields';

const MAX_RULES = 20;

/** Routing rules: checked in order, the first that matches sends the visit; otherwise the destination. */
export function RulesEditor({ code, kind = 'codes' }: { code: Routed; kind?: RoutedKind }) {
  const [drafts, setDrafts] = useState<RuleDraft[]>(() => (code.rules ?? []).map(toDraft));
  const [saved, setSaved] = useState(false);
  const update = useUpdateRouting(kind, code.id);
  const visit = visitWord(kind);
  const errors = formErrors(update.error, []);
  const edit = (next: RuleDraft[]) => {
    setDrafts(next);
    setSaved(false);
  };
  const move = (from: number, to: number) => {
    const next = [...drafts];
    const [rule] = next.splice(from, 1);
    next.splice(to, 0, rule!);
    edit(next);
  };
  return (
    <section class="card" aria-labelledby="rules-heading">
      <h2 id="rules-heading">Routing rules</h2>
      <p class="muted">
        Send some {visit}s elsewhere: by device, system, country, language or time. Rules are checked from the top; the first that
        matches wins, and a {visit} no rule matches goes to the destination above.
      </p>
      <form
        class="form"
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate({ rules: drafts.map(fromDraft) }, { onSuccess: () => setSaved(true) });
        }}
      >
        {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
        {saved && !update.isPending ? <Notice tone="success">Rules saved. The next {visit} follows them.</Notice> : null}
        {drafts.length === 0 ? <p>No rules: every {visit} goes to the destination.</p> : null}
        {drafts.map((draft, i) => (
          <fieldset class="rule" key={i}>
            <legend class="rule-head">
              <strong>Rule {i + 1}</strong>
            </legend>
            <RuleFields index={i} draft={draft} onChange={(next) => edit(drafts.map((d, j) => (j === i ? next : d)))} />
            <div class="actions actions-start">
              <Button variant="ghost" disabled={i === 0} onClick={() => move(i, i - 1)}>
                Move up<span class="visually-hidden"> rule {i + 1}</span>
              </Button>
              <Button variant="ghost" disabled={i === drafts.length - 1} onClick={() => move(i, i + 1)}>
                Move down<span class="visually-hidden"> rule {i + 1}</span>
              </Button>
              <Button variant="ghost" onClick={() => edit(drafts.filter((_, j) => j !== i))}>
                Remove<span class="visually-hidden"> rule {i + 1}</span>
              </Button>
            </div>
          </fieldset>
        ))}
        <div class="actions actions-start">
          <Button variant="secondary" disabled={drafts.length >= MAX_RULES} onClick={() => edit([...drafts, emptyDraft()])}>
            Add a rule
          </Button>
          <Button type="submit" busy={update.isPending}>
            Save rules
          </Button>
        </div>
      </form>
    </section>
  );
}
