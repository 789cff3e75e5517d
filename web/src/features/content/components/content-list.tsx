import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { CollectionPage } from '../../../components/ui/collection-page';
import { TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { Pagination } from '../../../components/ui/pagination';
import { QueryView } from '../../../components/ui/query-view';
import { formErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { useContentList, useCreateContent, type Kind } from '../api/content';

const PAGE = 50;
const TEXT: Record<Kind, { title: string; one: string; empty: string }> = {
  forms: { title: 'Forms', one: 'form', empty: 'A form collects answers from visitors: feedback, sign-ups, orders.' },
  pages: { title: 'Pages', one: 'page', empty: 'A landing page shows a menu, an offer or a set of links at its own address.' },
  cards: { title: 'Cards', one: 'card', empty: 'A business card saves your contact details into a phone in one tap.' },
};
/** What a new draft starts with besides its name (a form starts with one question). */
const STARTER: Record<Kind, object> = {
  forms: { fields: [{ key: 'name', label: 'Your name', type: 'text', required: true }] },
  pages: { blocks: [] },
  cards: {},
};

function NewContentForm({ kind }: { kind: Kind }) {
  const [name, setName] = useState('');
  const create = useCreateContent(kind);
  const { route } = useLocation();
  const errors = formErrors(create.error, { name: 'Name' });
  return (
    <Form
      error={errors.form}
      onSubmit={() =>
        create.mutate(
          { name: name.trim(), status: 'draft', ...STARTER[kind] },
          { onSuccess: (made) => route(`/app/${kind}/${made.id}`) },
        )
      }
    >
      <TextField
        label="Name"
        required
        maxLength={100}
        value={name}
        onInput={setName}
        error={errors.field.name}
        hint="Starts as a draft: publish it once it is ready."
      />
      <div class="actions">
        <Button type="submit" busy={create.isPending}>
          Create the {TEXT[kind].one}
        </Button>
      </div>
    </Form>
  );
}

/** The account's forms, pages or cards, newest first, each leading to its editor. */
export function ContentList({ kind, canWrite }: { kind: Kind; canWrite: boolean }) {
  const [offset, setOffset] = useState(0);
  const list = useContentList(kind, offset, PAGE);
  const text = TEXT[kind];
  return (
    <CollectionPage
      title={text.title}
      id={kind}
      create={canWrite ? { title: `New ${text.one}`, form: <NewContentForm kind={kind} /> } : null}
      listTitle={`All ${kind}`}
    >
      <QueryView
        query={list}
        loading={`Loading ${kind}…`}
        isEmpty={(data) => data.length === 0 && offset === 0}
        empty={{ title: `No ${kind} yet`, text: text.empty }}
      >
        {(data) => (
          <>
            <ul class="list">
              {data.map((item) => (
                <li key={item.id} class="list-item">
                  <div class="list-main">
                    <a class="list-title" href={`/app/${kind}/${item.id}`}>
                      {item.name}
                    </a>
                    <span class="list-sub">{item.url}</span>
                  </div>
                  <div class="list-meta">
                    <span class={`badge badge-${item.status === 'published' ? 'active' : 'paused'}`}>{item.status}</span>
                    <span class="muted">Changed {formatDateTime(item.updatedAt)}</span>
                    {kind === 'forms' ? (
                      <a href={`/app/forms/${item.id}/submissions`}>
                        Submissions<span class="visually-hidden"> of {item.name}</span>
                      </a>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
            <Pagination offset={offset} limit={PAGE} count={data.length} onChange={setOffset} />
          </>
        )}
      </QueryView>
    </CollectionPage>
  );
}
