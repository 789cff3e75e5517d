import type { ComponentChildren } from 'preact';
import { Page } from './page';
import { Section } from './section';

/**
 * A page of things of one kind: a form on a card to make a new one (for who may), then the list.
 * `id` names the sections (new-<id>, all-<id>) so their headings label them.
 */
export function CollectionPage({
  title,
  id,
  create,
  listTitle,
  children,
}: {
  title: string;
  id: string;
  create: { title: string; form: ComponentChildren } | null;
  listTitle: string;
  children: ComponentChildren;
}) {
  return (
    <Page title={title}>
      {create ? (
        <Section id={`new-${id}`} title={create.title} card>
          {create.form}
        </Section>
      ) : null}
      <Section id={`all-${id}`} title={listTitle}>
        {children}
      </Section>
    </Page>
  );
}
